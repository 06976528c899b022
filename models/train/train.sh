#!/usr/bin/env bash
# `npm run train`: the whole encoder recipe, reproducible on a 2-core CPU machine in well under an hour.
#   1. prepare-data (Node): train rows only → WordPiece vocabulary → token ids via the serving tokenizer
#   2. golden-inputs (Node): texts and their ids for the golden-vector test
#   3. train.py (PyTorch from Debian): InfoNCE with BM25 hard negatives, one self-training round,
#      ONNX export (opset 14, fp16 tables), golden vectors, training report
# Needs: apt-get install python3-torch python3-onnx python3-scipy libopenblas0-openmp
#
# Options: --feedback FILE (from `snippet-search feedback export`): extra positives and hard negatives;
# the training report and the model card say how many were used.
# Small runs (tests): TRAIN_WORK, TRAIN_OUT (directories), TRAIN_SKIP_BUILD=1, TRAIN_VALIDATION,
# TRAIN_EPOCHS1, TRAIN_EPOCHS2, SNIPPET_SEARCH_CORPUS.
set -euo pipefail
cd "$(dirname "$0")/../.."
FEEDBACK=""
while [ $# -gt 0 ]; do
  case "$1" in
    --feedback) FEEDBACK="${2:?--feedback needs a file}"; shift 2 ;;
    --feedback=*) FEEDBACK="${1#--feedback=}"; shift ;;
    *) echo "train.sh: unknown option $1 (expected --feedback FILE)" >&2; exit 2 ;;
  esac
done
if [ -n "$FEEDBACK" ] && [ ! -f "$FEEDBACK" ]; then echo "train.sh: --feedback $FEEDBACK: no such file" >&2; exit 2; fi
CORPUS="${SNIPPET_SEARCH_CORPUS:-../shared/data/so-python/corpus.jsonl.gz}"
WORK="${TRAIN_WORK:-models/train/work}"
OUT="${TRAIN_OUT:-models/snippet-encoder}"
[ "${TRAIN_SKIP_BUILD:-0}" = 1 ] || npm run build --silent
node dist/models/train/prepare-data.js "$CORPUS" "$WORK" "$OUT" ${FEEDBACK:+"$FEEDBACK"}
node dist/models/train/golden-inputs.js "$WORK" "$OUT"
TRAIN_EPOCHS1="${TRAIN_EPOCHS1:-5}" TRAIN_EPOCHS2="${TRAIN_EPOCHS2:-3}" /usr/bin/python3 models/train/train.py "$WORK" "$OUT"
echo "model written to $OUT; rebuild the index: npx snippet-search index build"
