#!/usr/bin/env bash
# `npm run train`: the whole encoder recipe, reproducible on a 2-core CPU machine in well under an hour.
#   1. prepare-data (Node): train rows only → WordPiece vocabulary → token ids via the serving tokenizer
#   2. golden-inputs (Node): texts and their ids for the golden-vector test
#   3. train.py (PyTorch from Debian): InfoNCE with BM25 hard negatives, one self-training round,
#      ONNX export (opset 14, fp16 tables), golden vectors, training report
# Needs: apt-get install python3-torch python3-onnx python3-scipy libopenblas0-openmp
set -euo pipefail
cd "$(dirname "$0")/../.."
CORPUS="${SNIPPET_SEARCH_CORPUS:-../shared/data/so-python/corpus.jsonl.gz}"
WORK=models/train/work
OUT=models/snippet-encoder
npm run build --silent
node dist/models/train/prepare-data.js "$CORPUS" "$WORK" "$OUT"
node dist/models/train/golden-inputs.js "$WORK" "$OUT"
TRAIN_EPOCHS1="${TRAIN_EPOCHS1:-5}" TRAIN_EPOCHS2="${TRAIN_EPOCHS2:-3}" /usr/bin/python3 models/train/train.py "$WORK" "$OUT"
echo "model written to $OUT; rebuild the index: npx snippet-search index build"
