"""The encoder's ONNX graph, written by hand from its two tables (fp16 in the file, computed in fp32).

    v = sum_l w[id_l] * mask_l * E[id_l] / max(sum_l w[id_l] * mask_l, 1e-6),   w = exp(clip(logw, -6, 6))
    embeddings = v / max(|v|, 1e-12)

The weighted sum is one batched MatMul ([B,1,L] x [B,L,D]) over the gathered rows, and the per-token
weight is looked up in a table (the Cast/Clip/Exp of the log-weights depend on no input, so
onnxruntime folds them once at load). PyTorch's export of the same function (`ExportEncoder` in
train.py) gathered fp16 rows, cast them, multiplied and reduced: four passes over [B, L, D] instead of
two, 1.8x the time per document on onnxruntime's CPU provider, for the same outputs.

Usage (re-exports a shipped model's tables, without training): python3 export_onnx.py OLD.onnx NEW.onnx
"""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def export_onnx(emb16: np.ndarray, logw16: np.ndarray, path: str) -> None:
    """emb16: float16 [V, D] token vectors; logw16: float16 [V, 1] token log-weights."""
    assert emb16.dtype == np.float16 and logw16.dtype == np.float16
    assert emb16.ndim == 2 and logw16.shape == (emb16.shape[0], 1)
    dim = emb16.shape[1]

    def const(name, value):
        return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(np.array(value), name))

    node = helper.make_node
    nodes = [
        const("axis1", np.array([1], dtype=np.int64)),
        const("logw_min", np.float32(-6.0)),
        const("logw_max", np.float32(6.0)),
        const("weight_floor", np.float32(1e-6)),
        const("norm_floor", np.float32(1e-12)),
        # Tables (no input: folded at load).
        node("Cast", ["emb16"], ["emb32"], to=TensorProto.FLOAT),
        node("Cast", ["logw16"], ["logw32"], to=TensorProto.FLOAT),
        node("Clip", ["logw32", "logw_min", "logw_max"], ["logw_clipped"]),
        node("Exp", ["logw_clipped"], ["weight_col"]),
        node("Squeeze", ["weight_col", "axis1"], ["weight_table"]),  # [V]
        # Per text.
        node("Gather", ["weight_table", "input_ids"], ["token_weight"]),  # [B, L]
        node("Mul", ["token_weight", "attention_mask"], ["weight"]),  # [B, L]
        node("Unsqueeze", ["weight", "axis1"], ["weight_row"]),  # [B, 1, L]
        node("Gather", ["emb32", "input_ids"], ["vectors"]),  # [B, L, D]
        node("MatMul", ["weight_row", "vectors"], ["sum_row"]),  # [B, 1, D]
        node("Squeeze", ["sum_row", "axis1"], ["weighted_sum"]),  # [B, D]
        node("ReduceSum", ["weight", "axis1"], ["weight_sum"], keepdims=1),  # [B, 1]
        node("Max", ["weight_sum", "weight_floor"], ["weight_sum_floored"]),
        node("Div", ["weighted_sum", "weight_sum_floored"], ["mean"]),
        node("Mul", ["mean", "mean"], ["squares"]),
        node("ReduceSum", ["squares", "axis1"], ["square_norm"], keepdims=1),
        node("Sqrt", ["square_norm"], ["norm"]),
        node("Max", ["norm", "norm_floor"], ["norm_floored"]),
        node("Div", ["mean", "norm_floored"], ["embeddings"]),
    ]
    inputs = [
        helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
        helper.make_tensor_value_info("attention_mask", TensorProto.FLOAT, ["batch", "tokens"]),
    ]
    outputs = [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, ["batch", dim])]
    tables = [numpy_helper.from_array(emb16, "emb16"), numpy_helper.from_array(logw16, "logw16")]
    graph = helper.make_graph(nodes, "snippet-encoder", inputs, outputs, tables)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)], producer_name="snippet-search")
    model.ir_version = 7  # what onnxruntime-node 1.x reads
    onnx.checker.check_model(model)
    onnx.save(model, path)


def read_tables(path: str) -> tuple:
    tables = {t.name: numpy_helper.to_array(t) for t in onnx.load(path).graph.initializer}
    missing = {"emb16", "logw16"} - tables.keys()
    if missing:
        raise SystemExit(f"{path}: not a snippet-encoder model (no {', '.join(sorted(missing))} table)")
    return tables["emb16"], tables["logw16"]


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: python3 export_onnx.py OLD.onnx NEW.onnx")
    export_onnx(*read_tables(sys.argv[1]), sys.argv[2])
    print(f"wrote {sys.argv[2]}")
