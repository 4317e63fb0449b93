"""PyTorch and ONNX networks as the playground's policy files (docs/policies.md), for a game's encoding.

The runtime that plays policy files (engine/nn/network.h, natively and in the page) has these layers:
dense, conv2d (square kernel, zero padding, stride 1), batch_norm (running statistics), the activations
linear, relu, leaky_relu, tanh, sigmoid and softmax (over a flat vector), flatten, global average and max
pooling. A network made of anything else is refused, naming the module or ONNX node that has no
counterpart. Both paths describe the network as a list of layers (``_Layer``), and one writer checks the
shapes through it and writes the file.
"""

import json
import struct
import zlib

import numpy as np

POLICY_MAGIC = b"RLPGPOLICY\n"
_ALIGN = 16
KINDS = ("q-network", "policy-network", "value-network")

# What the runtime has, as PyTorch modules and ONNX operators (for the error messages).
TORCH_MODULES = (
    "Linear, Conv2d (square kernel, stride 1, zero padding, no dilation or groups), BatchNorm1d, BatchNorm2d, "
    "ReLU, LeakyReLU, Tanh, Sigmoid, Softmax (over a flat vector), Flatten, AdaptiveAvgPool2d(1), "
    "AdaptiveMaxPool2d(1), Identity, Dropout (skipped), nested Sequential"
)
ONNX_OPERATORS = (
    "Gemm, MatMul (+ Add), Conv, BatchNormalization, Relu, LeakyRelu, Tanh, Sigmoid, Softmax, Flatten, "
    "Reshape (to a flat vector), GlobalAveragePool, GlobalMaxPool, Identity, Dropout"
)


class ExportError(ValueError):
    """A network that has no policy file: names the layer and what the runtime has instead."""


class _Layer:
    """One layer of the policy file: its type, fields (activation, kernel, ...) and parameters (NumPy)."""

    def __init__(self, kind, where, fields=None, params=None):
        self.kind, self.where = kind, where
        self.fields = dict(fields or {})
        self.params = {k: np.asarray(v, dtype=np.float32) for k, v in (params or {}).items() if v is not None}


def _activation(name, where, alpha=None):
    fields = {"activation": name}
    if alpha is not None:
        fields["alpha"] = float(alpha)
    return _Layer("activation", where, fields)


# --- PyTorch -------------------------------------------------------------------------------------------


def _torch_modules(model, prefix=""):
    import torch.nn as nn

    if isinstance(model, nn.Sequential):
        for key, child in model.named_children():
            yield from _torch_modules(child, f"{prefix}{key}." if isinstance(child, nn.Sequential) else prefix + key)
        return
    yield (prefix or type(model).__name__), model


def _square(value, where, what):
    if isinstance(value, (tuple, list)):
        if len(set(value)) != 1:
            raise ExportError(f"{where}: {what} {tuple(value)} is not the same on both sides (the runtime's is)")
        value = value[0]
    return int(value)


def _numpy(tensor):
    return None if tensor is None else tensor.detach().cpu().double().numpy()


def layers_from_torch(model):
    """The layers of a ``torch.nn.Sequential`` (nested ones flattened) or of a single supported module."""
    import torch.nn as nn

    layers = []
    for key, m in _torch_modules(model):
        where = f"module '{key}' ({type(m).__name__})"
        if isinstance(m, nn.Linear):
            layers.append(_Layer("dense", where, {}, {"weight": _numpy(m.weight), "bias": _numpy(m.bias)}))
        elif isinstance(m, nn.Conv2d):
            k = _square(m.kernel_size, where, "the kernel")
            if _square(m.stride, where, "the stride") != 1:
                raise ExportError(f"{where}: stride {m.stride}: the runtime's convolutions have stride 1")
            if _square(m.dilation, where, "the dilation") != 1 or m.groups != 1:
                raise ExportError(f"{where}: dilation and groups are not in the runtime's convolutions")
            if m.padding_mode != "zeros":
                raise ExportError(f"{where}: padding mode '{m.padding_mode}': the runtime pads with zeros")
            if m.padding == "valid":
                pad = 0
            elif m.padding == "same":
                if k % 2 == 0:
                    raise ExportError(f"{where}: padding 'same' with an even kernel pads unevenly")
                pad = (k - 1) // 2
            else:
                pad = _square(m.padding, where, "the padding")
            layers.append(
                _Layer(
                    "conv2d",
                    where,
                    {"kernel": k, "padding": pad, "stride": 1},
                    {"weight": _numpy(m.weight), "bias": _numpy(m.bias)},
                )
            )
        elif isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)):
            if m.running_mean is None or m.running_var is None:
                raise ExportError(f"{where}: a batch norm needs its running statistics (track_running_stats=True)")
            gamma, beta = (_numpy(m.weight), _numpy(m.bias)) if m.affine else (None, None)
            layers.append(
                _Layer(
                    "batch_norm",
                    where,
                    {"eps": float(m.eps), "dims": 1 if isinstance(m, nn.BatchNorm1d) else 3},
                    {"mean": _numpy(m.running_mean), "var": _numpy(m.running_var), "gamma": gamma, "beta": beta},
                )
            )
        elif isinstance(m, nn.ReLU):
            layers.append(_activation("relu", where))
        elif isinstance(m, nn.LeakyReLU):
            layers.append(_activation("leaky_relu", where, m.negative_slope))
        elif isinstance(m, nn.Tanh):
            layers.append(_activation("tanh", where))
        elif isinstance(m, nn.Sigmoid):
            layers.append(_activation("sigmoid", where))
        elif isinstance(m, nn.Softmax):
            layers.append(_Layer("activation", where, {"activation": "softmax", "dim": m.dim}))
        elif isinstance(m, nn.Flatten):
            if m.start_dim != 1 or m.end_dim != -1:
                raise ExportError(f"{where}: only Flatten from dimension 1 to the end is in the runtime")
            layers.append(_Layer("flatten", where))
        elif isinstance(m, (nn.AdaptiveAvgPool2d, nn.AdaptiveMaxPool2d)):
            size = m.output_size
            if size not in (1, (1, 1), [1, 1]):
                raise ExportError(f"{where}: only global pooling (output size 1) is in the runtime")
            avg = isinstance(m, nn.AdaptiveAvgPool2d)
            layers.append(_Layer("global_avg_pool" if avg else "global_max_pool", where))
        elif isinstance(m, (nn.Identity, nn.Dropout)):
            continue
        else:
            raise ExportError(
                f"{where} is not a layer the playground's network runtime has (it has: {TORCH_MODULES}); "
                "write the model as an nn.Sequential of those, or export it to ONNX and convert that"
            )
    return layers


# --- ONNX ----------------------------------------------------------------------------------------------


def layers_from_onnx(model):
    """The layers of an ONNX model (an ``onnx.ModelProto`` or a file's path or bytes) whose graph is a chain of
    the operators the runtime has; returns (layers, input shape without the batch dimension)."""
    import onnx
    from onnx import numpy_helper

    if isinstance(model, (bytes, bytearray)):
        model = onnx.load_from_string(bytes(model))
    elif isinstance(model, str):
        model = onnx.load(model)
    graph = model.graph
    constants = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    for node in graph.node:
        if node.op_type == "Constant":
            constants[node.output[0]] = numpy_helper.to_array(
                next(a.t for a in node.attribute if a.name == "value")
            )
    inputs = [i for i in graph.input if i.name not in constants]
    if len(inputs) != 1:
        raise ExportError(f"onnx: the graph has {len(inputs)} inputs; a policy network has one (the observation)")
    dims = inputs[0].type.tensor_type.shape.dim
    input_shape = [d.dim_value if d.HasField("dim_value") else None for d in dims][1:]

    def attribute(node, name, default=None):
        for a in node.attribute:
            if a.name == name:
                return onnx.helper.get_attribute_value(a)
        return default

    layers = []
    current = inputs[0].name
    pending_matmul = None  # a MatMul's dense layer, waiting for the Add of its bias
    for node in graph.node:
        if node.op_type == "Constant":
            continue
        where = f"ONNX node '{node.name or node.output[0]}' ({node.op_type})"
        data = [i for i in node.input if i and i not in constants]
        if data != [current]:
            raise ExportError(
                f"{where}: the graph is not a chain of layers (this node reads {data}, the chain is at '{current}')"
            )
        op = node.op_type
        const = [constants[i] for i in node.input if i in constants]
        if pending_matmul is not None and op != "Add":
            pending_matmul = None
        if op == "Gemm":
            if attribute(node, "transA", 0):
                raise ExportError(f"{where}: transA is not a dense layer")
            weight = const[0].astype(np.float64) * attribute(node, "alpha", 1.0)
            if not attribute(node, "transB", 0):
                weight = weight.T
            bias = const[1].astype(np.float64) * attribute(node, "beta", 1.0) if len(const) > 1 else None
            layers.append(_Layer("dense", where, {}, {"weight": weight, "bias": bias}))
        elif op == "MatMul":
            pending_matmul = _Layer("dense", where, {}, {"weight": const[0].astype(np.float64).T})
            layers.append(pending_matmul)
        elif op == "Add" and pending_matmul is not None and "bias" not in pending_matmul.params:
            pending_matmul.params["bias"] = np.asarray(const[0], dtype=np.float32).reshape(-1)
            pending_matmul = None
        elif op == "Conv":
            kernel = attribute(node, "kernel_shape") or list(const[0].shape[2:])
            pads = attribute(node, "pads", [0, 0, 0, 0])
            if len(set(kernel)) != 1:
                raise ExportError(f"{where}: kernel {kernel} is not square (the runtime's are)")
            if any(s != 1 for s in attribute(node, "strides", [1, 1])):
                raise ExportError(f"{where}: strides {attribute(node, 'strides')}: the runtime's convolutions have stride 1")
            if any(d != 1 for d in attribute(node, "dilations", [1, 1])) or attribute(node, "group", 1) != 1:
                raise ExportError(f"{where}: dilation and groups are not in the runtime's convolutions")
            if len(set(pads)) != 1:
                raise ExportError(f"{where}: pads {pads} are not the same on every side")
            if attribute(node, "auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET"):
                raise ExportError(f"{where}: auto_pad is not supported; give explicit pads")
            layers.append(
                _Layer(
                    "conv2d",
                    where,
                    {"kernel": int(kernel[0]), "padding": int(pads[0]), "stride": 1},
                    {"weight": const[0], "bias": const[1] if len(const) > 1 else None},
                )
            )
        elif op == "BatchNormalization":
            gamma, beta, mean, var = const[:4]
            layers.append(
                _Layer(
                    "batch_norm",
                    where,
                    {"eps": float(attribute(node, "epsilon", 1e-5))},
                    {"gamma": gamma, "beta": beta, "mean": mean, "var": var},
                )
            )
        elif op == "Relu":
            layers.append(_activation("relu", where))
        elif op == "LeakyRelu":
            layers.append(_activation("leaky_relu", where, attribute(node, "alpha", 0.01)))
        elif op == "Tanh":
            layers.append(_activation("tanh", where))
        elif op == "Sigmoid":
            layers.append(_activation("sigmoid", where))
        elif op == "Softmax":
            layers.append(_Layer("activation", where, {"activation": "softmax", "dim": attribute(node, "axis", -1)}))
        elif op == "Flatten":
            if attribute(node, "axis", 1) != 1:
                raise ExportError(f"{where}: only a flatten from axis 1 is in the runtime")
            layers.append(_Layer("flatten", where))
        elif op == "Reshape":
            target = [int(v) for v in const[0].reshape(-1)] if const else None
            if target is None or len(target) != 2 or target[0] not in (0, 1, -1):
                raise ExportError(f"{where}: only a reshape to (batch, features) is in the runtime (a flatten)")
            layers.append(_Layer("flatten", where, {"features": target[1]}))
        elif op in ("GlobalAveragePool", "GlobalMaxPool"):
            layers.append(_Layer("global_avg_pool" if op == "GlobalAveragePool" else "global_max_pool", where))
        elif op in ("Identity", "Dropout"):
            pass
        else:
            raise ExportError(
                f"{where}: the operator {op} is not a layer the playground's network runtime has "
                f"(it has: {ONNX_OPERATORS})"
            )
        current = node.output[0]
    outputs = [o.name for o in graph.output]
    if outputs != [current]:
        raise ExportError(f"onnx: the graph's output {outputs} is not the end of its chain of layers ('{current}')")
    return layers, input_shape


# --- the policy file -----------------------------------------------------------------------------------


def _layer_specs(layers, input_shape):
    """The file's layers with declared shapes and named tensors, the runtime's rules checked along the way."""
    shape = list(input_shape)
    specs, tensors = [], []
    counts = {}
    for i, layer in enumerate(layers):
        kind = layer.kind
        counts[kind] = counts.get(kind, 0) + 1
        name = f"{kind}{counts[kind]}"
        fields = {}
        where = layer.where
        if kind == "dense":
            weight = layer.params["weight"]
            if len(shape) != 1:
                raise ExportError(
                    f"{where}: a dense layer reads a flat vector, here the input has shape {shape} "
                    "(flatten it first; PyTorch's Linear on more dimensions acts on the last one alone)"
                )
            if weight.shape[1] != shape[0]:
                raise ExportError(f"{where}: takes {weight.shape[1]} inputs, the layer before gives {shape[0]}")
            out = [int(weight.shape[0])]
        elif kind == "conv2d":
            weight = layer.params["weight"]
            if len(shape) != 3 or weight.shape[1] != shape[0]:
                raise ExportError(f"{where}: a convolution reads [channels, rows, columns] with {weight.shape[1]} "
                                  f"channels, here the input has shape {shape}")
            k, p = layer.fields["kernel"], layer.fields["padding"]
            out = [int(weight.shape[0]), shape[1] + 2 * p - k + 1, shape[2] + 2 * p - k + 1]
            if out[1] < 1 or out[2] < 1:
                raise ExportError(f"{where}: the kernel {k} does not fit the input {shape} with padding {p}")
            fields = {"kernel": k, "padding": p, "stride": 1}
        elif kind == "batch_norm":
            dims = layer.fields.get("dims")
            if dims is not None and dims != len(shape):
                raise ExportError(f"{where}: reads {'a flat vector' if dims == 1 else '[channels, rows, columns]'}, "
                                  f"here the input has shape {shape}")
            if len(shape) not in (1, 3) or layer.params["mean"].shape[0] != shape[0]:
                raise ExportError(f"{where}: {layer.params['mean'].shape[0]} channels, the input has shape {shape}")
            out = list(shape)
            fields = {"eps": layer.fields["eps"]}
        elif kind == "activation":
            fields = {"activation": layer.fields["activation"]}
            if "alpha" in layer.fields:
                fields["alpha"] = layer.fields["alpha"]
            if fields["activation"] == "softmax":
                dim = layer.fields.get("dim")
                if len(shape) != 1 or dim not in (1, -1, None):
                    raise ExportError(f"{where}: the runtime's softmax runs over a flat vector (dimension 1), "
                                      f"here dimension {dim} of shape {shape}")
            out = list(shape)
        elif kind == "flatten":
            out = [int(np.prod(shape))]
            expected = layer.fields.get("features")
            if expected not in (None, -1, out[0]):
                raise ExportError(f"{where}: reshapes to {expected} features, the input has {out[0]}")
        elif kind in ("global_avg_pool", "global_max_pool"):
            if len(shape) != 3:
                raise ExportError(f"{where}: pools [channels, rows, columns], here the input has shape {shape}")
            out = [shape[0]]  # ONNX keeps [C, 1, 1]; the flatten that follows it is then a no-op
        else:
            raise ExportError(f"{where}: no layer '{kind}'")
        spec = {"type": kind, "name": name, "input": list(shape), "output": out, **fields, "params": {}}
        for role, array in sorted(layer.params.items()):
            tensor = f"{name}.{role}"
            spec["params"][role] = tensor
            tensors.append((tensor, np.ascontiguousarray(array, dtype="<f4")))
        specs.append(spec)
        shape = out
    return specs, tensors, shape


def policy_bytes(layers, *, game, encoding, input_shape, kind, actions, training=None, scores=None):
    """The policy file (docs/policies.md) of these layers for a game's encoding."""
    specs, tensors, output = _layer_specs(layers, input_shape)
    if kind not in KINDS:
        raise ExportError(f"kind '{kind}': one of {', '.join(KINDS)}")
    needed = 1 if kind == "value-network" else len(actions)
    if output != [needed]:
        raise ExportError(
            f"the network gives {output}, a {kind} of {game} gives "
            + ("one value" if kind == "value-network" else f"{needed} values, one per action ({', '.join(actions)})")
        )
    blob = bytearray()
    entries = []
    for name, array in tensors:
        if not np.all(np.isfinite(array)):
            raise ExportError(f"tensor '{name}' holds a value that is not finite")
        blob += b"\0" * (-len(blob) % _ALIGN)
        entries.append({"name": name, "dtype": "float32", "shape": list(array.shape), "offset": len(blob)})
        blob += array.tobytes()
    header = {
        "format": "rl-playground-policy",
        "version": 1,
        "game": game,
        "kind": kind,
        "observation": {"encoding": encoding, "shape": list(input_shape)},
        "actions": list(actions) if kind != "value-network" else [],
        "layers": specs,
        "training": training or {},
        "scores": scores or {},
        "tensors": entries,
        "weights": {"bytes": len(blob), "checksum": "crc32:%08x" % zlib.crc32(bytes(blob))},
    }
    text = json.dumps(header, indent=1, sort_keys=True, ensure_ascii=False).encode("utf-8")
    out = bytearray(POLICY_MAGIC + struct.pack("<I", len(text)) + text)
    out += b"\0" * (-len(out) % _ALIGN)
    return bytes(out + blob)


def _game_target(game, encoding, options):
    """(encoding, its shape, the action names in the action space's order) of a game with these options."""
    from . import make

    env = make(game, **(options or {}))
    networks = [env.network_encoding] if env.network_encoding else []
    if encoding is None:
        if not networks:
            raise ExportError(f"{game} has no network encoding (its encodings: {', '.join(env.observation_encodings)})")
        encoding = networks[0]
    if encoding not in networks:
        raise ExportError(
            f"encoding '{encoding}' is not a network encoding of {game} (it has: {', '.join(networks) or 'none'}); "
            "the agents that play policy files read these"
        )
    env.reset(seed=0)
    actions = [env.action_name(i) for i in range(env.num_actions)]
    return encoding, list(env.observation_encodings[encoding]), actions


def _default_kind(layers, outputs):
    if outputs == 1:
        return "value-network"
    last = layers[-1] if layers else None
    if last is not None and last.kind == "activation" and last.fields.get("activation") == "softmax":
        return "policy-network"
    return "q-network"


def _finish(layers, game, encoding, kind, options, input_shape, training, scores, path):
    encoding, shape, actions = _game_target(game, encoding, options)
    if input_shape is not None and [d for d in input_shape] != shape:
        raise ExportError(f"the network reads {list(input_shape)}, {game}'s encoding '{encoding}' is {shape}")
    _, _, output = _layer_specs(layers, shape)
    kind = kind or _default_kind(layers, output[0] if len(output) == 1 else None)
    data = policy_bytes(
        layers, game=game, encoding=encoding, input_shape=shape, kind=kind, actions=actions,
        training=training, scores=scores,
    )
    if path is not None:
        with open(path, "wb") as f:
            f.write(data)
    return data


def export_torch(model, game, path=None, *, encoding=None, kind=None, options=None, training=None, scores=None):
    """A ``torch.nn`` network as a policy file for ``game``'s encoding (default: the game's network encoding,
    such as "mancala-holes-v1"); written to ``path`` when given; returns the file's bytes.

    The model is an ``nn.Sequential`` (nested ones allowed) of the modules in ``TORCH_MODULES``, in eval mode
    for its batch norms' running statistics. ``kind``: "q-network", "policy-network" or "value-network"
    (default: one output is a value network, a final Softmax a policy network, else a Q-network); the outputs
    are the game's actions in the action space's order. ``options``: the game's options (they may change the
    encoding's shape). ``training`` and ``scores``: free JSON kept in the header. ExportError (a ValueError)
    names a module the runtime lacks."""
    return _finish(layers_from_torch(model), game, encoding, kind, options, None, training, scores, path)


def convert_onnx(model, game, path=None, *, encoding=None, kind=None, options=None, training=None, scores=None):
    """An ONNX graph (a ModelProto, or a file's path or bytes) of the operators in ``ONNX_OPERATORS`` as a
    policy file, as export_torch does for a PyTorch module."""
    layers, input_shape = layers_from_onnx(model)
    if any(d is None for d in input_shape):
        input_shape = None
    return _finish(layers, game, encoding, kind, options, input_shape, training, scores, path)


def load_network(data, source="policy file"):
    """The engine's network runtime on a policy file's bytes (read and built as the page and the command line
    do): ``.forward(inputs)`` on a batch (N, *input_shape) gives (N, *output_shape)."""
    from . import _engine

    return _engine.Network(bytes(data), source)
