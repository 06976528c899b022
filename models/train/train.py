"""Step 2 of the encoder recipe: trains the SnippeR-style shared encoder on the tokenized train pairs.

Model: a static encoder (token embedding table + a learned per-token weight → weighted mean → L2 norm),
one model for queries and documents. Loss: InfoNCE over in-batch negatives plus one hard negative per
query: round 1 mines hard negatives with BM25 over the train documents, round 2 (the paper's SnippeR2)
with the round-1 model's own top-k. Only `train` rows reach this script (see prepare-data.ts).
A slice of train pairs is held out for validation; dev and test are never read here.

Usage: /usr/bin/python3 models/train/train.py WORK_DIR MODEL_DIR
"""
import json
import os
import random
import sys
import time

import numpy as np
import scipy.sparse as sp
import torch
import torch.nn as nn
import torch.nn.functional as F

from export_onnx import export_onnx

torch.set_num_threads(int(os.environ.get("TRAIN_THREADS", "2")))
SEED = 13
random.seed(SEED)
np.random.seed(SEED)
torch.manual_seed(SEED)

HP = dict(
    dim=256,
    batch=256,
    lr=float(os.environ.get("TRAIN_LR", "0.005")),
    epochs1=int(os.environ.get("TRAIN_EPOCHS1", "4")),
    epochs2=int(os.environ.get("TRAIN_EPOCHS2", "2")),
    scale=20.0,
    token_dropout=0.1,
    hard_pool=20,
    validation=int(os.environ.get("TRAIN_VALIDATION", "1000")),
)


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, file=sys.stderr, flush=True)


class StaticEncoder(nn.Module):
    def __init__(self, vocab, dim, pad):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=pad, sparse=True)
        self.logw = nn.Embedding(vocab, 1, padding_idx=pad, sparse=True)
        nn.init.normal_(self.emb.weight, std=0.1)
        nn.init.zeros_(self.logw.weight)
        with torch.no_grad():
            self.emb.weight[pad].zero_()

    def forward(self, ids, mask):
        e = self.emb(ids)
        w = torch.exp(self.logw(ids).squeeze(-1).clamp(-6.0, 6.0)) * mask
        v = (e * w.unsqueeze(-1)).sum(1) / w.sum(1, keepdim=True).clamp_min(1e-6)
        return F.normalize(v, dim=-1)


class ExportEncoder(nn.Module):
    """What ships: fp16 tables (half the size), computed in fp32. Inputs: input_ids int64 [B, L], attention_mask float32 [B, L].
    The reference for the golden vectors; model.onnx computes the same function (export_onnx.py)."""

    def __init__(self, trained):
        super().__init__()
        self.register_buffer("emb16", trained.emb.weight.detach().half().clone())
        self.register_buffer("logw16", trained.logw.weight.detach().half().clone())

    def forward(self, input_ids, attention_mask):
        e = F.embedding(input_ids, self.emb16).float()
        lw = F.embedding(input_ids, self.logw16).float().squeeze(-1)
        w = torch.exp(torch.clamp(lw, -6.0, 6.0)) * attention_mask
        v = (e * w.unsqueeze(-1)).sum(1) / torch.clamp(w.sum(1, keepdim=True), min=1e-6)
        return v / torch.clamp(torch.sqrt((v * v).sum(1, keepdim=True)), min=1e-12)


def pad_batch(seqs, pad, dropout=0.0):
    n = max(1, max(len(s) for s in seqs))
    ids = torch.full((len(seqs), n), pad, dtype=torch.long)
    mask = torch.zeros((len(seqs), n), dtype=torch.float32)
    for i, s in enumerate(seqs):
        if s:
            ids[i, : len(s)] = torch.tensor(s, dtype=torch.long)
            mask[i, : len(s)] = 1.0
    if dropout > 0:
        keep = (torch.rand(mask.shape) >= dropout).float()
        keep[:, 0] = 1.0
        mask = mask * keep
    return ids, mask


def bm25_negatives(queries, docs, vocab, pool, same, k1=1.2, b=0.75, chunk=1000):
    """Top-`pool` BM25 documents for every query (its own thread's documents left out), over token ids."""
    rows, cols, vals = [], [], []
    for i, d in enumerate(docs):
        u, c = np.unique(np.asarray(d, dtype=np.int64), return_counts=True)
        rows.append(np.full(len(u), i))
        cols.append(u)
        vals.append(c.astype(np.float32))
    tf = sp.csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(len(docs), vocab))
    lengths = np.asarray([max(1, len(d)) for d in docs], dtype=np.float32)
    df = np.bincount(tf.indices, minlength=vocab).astype(np.float32)
    n = len(docs)
    idf = np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)
    common = df > 0.1 * n  # punctuation and function words: no signal, most of the cost
    tf = tf.tocoo()
    norm = k1 * (1 - b + b * lengths[tf.row] / lengths.mean())
    w = idf[tf.col] * tf.data * (k1 + 1) / (tf.data + norm)
    w[common[tf.col]] = 0
    dmat = sp.csr_matrix((w.astype(np.float32), (tf.row, tf.col)), shape=(n, vocab)).T.tocsr()
    out = []
    for s in range(0, len(queries), chunk):
        qs = queries[s : s + chunk]
        r, c = [], []
        for i, q in enumerate(qs):
            u = np.unique(np.asarray(q, dtype=np.int64))
            r.append(np.full(len(u), i))
            c.append(u)
        qm = sp.csr_matrix((np.ones(sum(len(x) for x in r), dtype=np.float32), (np.concatenate(r), np.concatenate(c))), shape=(len(qs), vocab))
        scores = (qm @ dmat).toarray()
        for i in range(len(qs)):
            scores[i, same[s + i]] = -np.inf
        top = np.argpartition(-scores, pool, axis=1)[:, :pool]
        for i in range(len(qs)):
            out.append(top[i][np.argsort(-scores[i, top[i]])].tolist())
    return out


@torch.no_grad()
def encode_all(model, seqs, batch=512):
    model.eval()
    vecs = []
    for s in range(0, len(seqs), batch):
        ids, mask = pad_batch(seqs[s : s + batch], PAD)
        vecs.append(model(ids, mask))
    model.train()
    return torch.cat(vecs)


def dense_negatives(model, queries, docs, pool, same):
    dv = encode_all(model, docs)
    qv = encode_all(model, queries)
    out = []
    for s in range(0, len(queries), 2000):
        sc = qv[s : s + 2000] @ dv.T
        for i in range(sc.shape[0]):
            sc[i, same[s + i]] = -1e9
        out.extend(torch.topk(sc, pool, dim=1).indices.tolist())
    return out


def recall_at(model, queries, docs, ks=(1, 10, 50)):
    """Held-out train pairs: rank all documents for each held-out query."""
    dv = encode_all(model, docs)
    qv = encode_all(model, queries)
    sc = qv @ dv.T
    gold = sc.diagonal().unsqueeze(1)
    ranks = (sc > gold).sum(1)
    return {f"R@{k}": round(float((ranks < k).float().mean()), 4) for k in ks}


def train_round(model, queries, docs, negatives, epochs, lr, name, val, thread):
    opt = torch.optim.SparseAdam(list(model.parameters()), lr=lr)
    order = list(range(len(queries)))
    bs = HP["batch"]
    for epoch in range(epochs):
        random.shuffle(order)
        t0 = time.time()
        total = 0.0
        for s in range(0, len(order), bs):
            idx = order[s : s + bs]
            q_ids, q_mask = pad_batch([queries[i] for i in idx], PAD, HP["token_dropout"])
            negs = [random.choice(negatives[i][: HP["hard_pool"]]) for i in idx]
            d_ids, d_mask = pad_batch([docs[i] for i in idx] + [docs[j] for j in negs], PAD, HP["token_dropout"])
            q = model(q_ids, q_mask)
            d = model(d_ids, d_mask)
            logits = HP["scale"] * q @ d.T
            # Several queries of one thread (report-shaped variants) share its document: in a batch, the
            # thread's other copies are not negatives for it.
            qt = torch.tensor([thread[i] for i in idx])
            dt = torch.cat([qt, torch.tensor([thread[j] for j in negs])])
            same_thread = qt[:, None] == dt[None, :]
            same_thread[torch.arange(len(idx)), torch.arange(len(idx))] = False
            logits = logits.masked_fill(same_thread, -1e4)
            loss = F.cross_entropy(logits, torch.arange(len(idx)))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss) * len(idx)
        log(f"{name} epoch {epoch + 1}/{epochs}: loss {total / len(order):.4f}, {len(order) / (time.time() - t0):.0f} pairs/s, held-out {recall_at(model, *val)}")


CARD_BEGIN = "<!-- feedback: written by train.py -->"
CARD_END = "<!-- /feedback -->"


def write_card_feedback(path, fb):
    """The model card's feedback section, rewritten on every run: how many readers' votes trained this model."""
    if fb.get("pairsUsed"):
        text = (f"Readers' feedback (`npm run train -- --feedback {os.path.basename(fb.get('file') or 'FILE')}`): "
                f"**{fb['pairsUsed']} feedback pairs** (one per helped thread) from {fb.get('lines', 0)} voted results, "
                f"with **{fb['hardNegativesUsed']} hard negatives** (threads shown that did not help); "
                f"skipped {fb.get('skippedHeldOut', 0)} votes on dev/test threads and {fb.get('skippedUnknown', 0)} on threads not in the corpus.")
    else:
        text = "Readers' feedback: none used (trained without `--feedback`)."
    section = f"{CARD_BEGIN}\n## Feedback\n\n{text}\n{CARD_END}"
    card = open(path).read() if os.path.exists(path) else "# snippet-encoder\n"
    if CARD_BEGIN in card and CARD_END in card:
        card = card[: card.index(CARD_BEGIN)] + section + card[card.index(CARD_END) + len(CARD_END) :]
    else:
        card = card.rstrip("\n") + "\n\n" + section + "\n"
    open(path, "w").write(card)


if __name__ == "__main__":
    work, model_dir = sys.argv[1], sys.argv[2]
    meta = json.load(open(os.path.join(work, "meta.json")))
    VOCAB, PAD = meta["vocabSize"], meta["padId"]
    pairs = [json.loads(l) for l in open(os.path.join(work, "pairs.jsonl"))]
    # Feedback pairs (readers' votes, see prepare-data.ts) always train: never held out, never cut by TRAIN_LIMIT.
    fb_pairs = [p for p in pairs if p.get("fb")]
    pairs = [p for p in pairs if not p.get("fb")]
    limit = int(os.environ.get("TRAIN_LIMIT", "0"))
    if limit:
        pairs = pairs[:limit]
    random.shuffle(pairs)
    held, pairs = pairs[: HP["validation"]], pairs[HP["validation"] :]
    pairs = pairs + fb_pairs
    queries = [p["q"] for p in pairs]
    docs = [p["d"] for p in pairs]
    thread = [p["id"] for p in pairs]
    by_thread = {}
    for i, t in enumerate(thread):
        by_thread.setdefault(t, []).append(i)
    same = [by_thread[t] for t in thread]
    val = ([p["q"] for p in held], [p["d"] for p in held])
    log(f"{len(pairs)} training pairs, {len(held)} held out, vocab {VOCAB}, hp {HP}")

    t0 = time.time()
    bm25 = bm25_negatives(queries, docs, VOCAB, 30, same)
    log(f"BM25 hard negatives mined in {time.time() - t0:.0f}s")
    # A feedback pair's hard negatives are the threads shown with it that did not help (where train has them).
    fb_negatives = 0
    for i, p in enumerate(pairs):
        if p.get("fb"):
            shown = [by_thread[t][0] for t in p.get("neg", []) if t in by_thread and t != p["id"]]
            if shown:
                bm25[i] = shown
                fb_negatives += len(shown)
    feedback = dict(meta.get("feedback") or {}, pairsUsed=len(fb_pairs), hardNegativesUsed=fb_negatives)
    if fb_pairs:
        log(f"feedback: {len(fb_pairs)} pairs, {fb_negatives} hard negatives from readers' votes")

    model = StaticEncoder(VOCAB, HP["dim"], PAD)
    log(f"untrained held-out {recall_at(model, *val)}")
    train_round(model, queries, docs, bm25, HP["epochs1"], HP["lr"], "round 1 (BM25 negatives)", val, thread)
    r1 = recall_at(model, *val)
    if HP["epochs2"] > 0:
        t0 = time.time()
        dense = dense_negatives(model, queries, docs, 30, same)
        mixed = [b if p.get("fb") and p.get("neg") else d[: HP["hard_pool"]] + b[: HP["hard_pool"]] for d, b, p in zip(dense, bm25, pairs)]
        log(f"model hard negatives mined in {time.time() - t0:.0f}s")
        train_round(model, queries, docs, mixed, HP["epochs2"], HP["lr"] / 2, "round 2 (self-training)", val, thread)
    r2 = recall_at(model, *val)

    os.makedirs(model_dir, exist_ok=True)
    export = ExportEncoder(model).eval()
    onnx_path = os.path.join(model_dir, "model.onnx")
    # The graph is written by hand (export_onnx.py): the same function as ExportEncoder, in fewer passes.
    export_onnx(export.emb16.numpy(), export.logw16.numpy(), onnx_path)
    # Golden vectors: the shipped weights' outputs on inputs tokenized by the serving tokenizer.
    golden_in = json.load(open(os.path.join(work, "golden-inputs.json")))
    with torch.no_grad():
        for g in golden_in:
            i, m = pad_batch([g["ids"]], PAD)
            g["vector"] = [round(float(x), 7) for x in export(i, m)[0]]
    json.dump(golden_in, open(os.path.join(model_dir, "golden.json"), "w"))
    json.dump({"hyperparameters": HP, "trainingPairs": len(pairs), "heldOut": len(held), "heldOutRound1": r1, "heldOutRound2": r2, "vocab": VOCAB, "seed": SEED, "feedback": feedback},
              open(os.path.join(model_dir, "training-report.json"), "w"), indent=2)
    write_card_feedback(os.path.join(model_dir, "MODEL_CARD.md"), feedback)
    log(f"exported {onnx_path} ({os.path.getsize(onnx_path) / 1e6:.1f} MB); held-out round 1 {r1}, round 2 {r2}")
