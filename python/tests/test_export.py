"""PyTorch and ONNX networks as policy files: on 1,000 states of each network encoding, the engine's runtime (the
file read and built as the page builds it) gives torch's outputs within 1e-5; a layer the runtime lacks is
named; the ONNX converter's command line writes a file the engine reads; Kalah's agent `network` plays it."""

import io
import subprocess
import sys

import numpy as np
import pytest

import rlplayground

torch = pytest.importorskip("torch")
nn = torch.nn

NETWORK_GAMES = ["mancala", "zuma", "sokoban"]  # the games with a network encoding


def states(game, count, seed=0):
    """Observations of `count` positions of random play (several episodes) in the game's network encoding."""
    env = rlplayground.make(game)
    rng = np.random.default_rng(seed)
    out = []
    env.reset(seed=seed)
    episode = env._episode
    while len(out) < count:
        if episode.is_terminal:
            env.reset(seed=seed + len(out))
        out.append(episode.observation_now())
        episode.play(int(rng.choice(episode.legal_indices())))
    return np.stack(out)


def network_for(shape, actions):
    """Every layer the runtime has, in a network for this input shape."""
    if len(shape) == 3:
        c, h, w = shape
        return nn.Sequential(
            nn.Conv2d(c, 8, 3, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU(),
            nn.Conv2d(8, 6, 1),
            nn.LeakyReLU(0.2),
            nn.Conv2d(6, 4, 3, padding=0),
            nn.Tanh(),
            nn.Flatten(),
            nn.Linear(4 * (h - 2) * (w - 2), 24),
            nn.BatchNorm1d(24),
            nn.Sigmoid(),
            nn.Linear(24, actions),
            nn.Softmax(dim=1),
        )
    return nn.Sequential(
        nn.Flatten(),
        nn.Linear(int(np.prod(shape)), 32),
        nn.BatchNorm1d(32),
        nn.ReLU(),
        nn.Linear(32, 16),
        nn.LeakyReLU(0.1),
        nn.Linear(16, 16),
        nn.Tanh(),
        nn.Dropout(0.5),
        nn.Linear(16, actions),
    )


def randomise_batch_norms(model, seed):
    g = torch.Generator().manual_seed(seed)
    for m in model.modules():
        if isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)):
            n = m.num_features
            m.running_mean.copy_(torch.rand(n, generator=g) * 2 - 1)
            m.running_var.copy_(torch.rand(n, generator=g) * 1.5 + 0.5)
            m.weight.data.copy_(torch.rand(n, generator=g) + 0.5)
            m.bias.data.copy_(torch.rand(n, generator=g) - 0.5)
    return model.eval()


def onnx_bytes(model, example):
    buffer = io.BytesIO()
    torch.onnx.export(
        model, torch.from_numpy(example[:2]), buffer, input_names=["observation"], output_names=["output"],
        dynamic_axes={"observation": {0: "batch"}, "output": {0: "batch"}},
    )
    return buffer.getvalue()


@pytest.mark.parametrize("game", NETWORK_GAMES)
def test_the_runtime_gives_torchs_outputs_on_1000_states(game):
    torch.manual_seed(7)
    x = states(game, 1000)
    env = rlplayground.make(game)
    model = randomise_batch_norms(network_for(x.shape[1:], env.num_actions), 7)
    with torch.no_grad():
        expected = model(torch.from_numpy(x)).numpy()
    for data in (rlplayground.export_torch(model, game), rlplayground.convert_onnx(onnx_bytes(model, x), game)):
        network = rlplayground.load_network(data, f"{game} test network")
        assert network.input_shape == list(x.shape[1:])
        got = network.forward(x)
        assert got.shape == expected.shape
        assert np.max(np.abs(got - expected)) <= 1e-5, np.max(np.abs(got - expected))
        header = __import__("json").loads(network.header_json)
        assert header["game"] == game and header["observation"]["encoding"] == env.observation_encoding
        assert header["kind"] == ("policy-network" if len(x.shape) == 4 else "q-network")


def test_a_layer_the_runtime_lacks_is_named():
    model = nn.Sequential(nn.Linear(14, 8), nn.GELU(), nn.Linear(8, 6))
    with pytest.raises(rlplayground.ExportError, match=r"module '1' \(GELU\) is not a layer"):
        rlplayground.export_torch(model, "mancala")
    onnx_model = nn.Sequential(nn.Linear(14, 8), nn.ELU(), nn.Linear(8, 6))
    with pytest.raises(rlplayground.ExportError, match=r"\(Elu\): the operator Elu is not a layer"):
        rlplayground.convert_onnx(onnx_bytes(onnx_model, np.zeros((2, 14), np.float32)), "mancala")
    with pytest.raises(rlplayground.ExportError, match=r"stride"):
        rlplayground.export_torch(nn.Sequential(nn.Conv2d(7, 4, 3, stride=2)), "sokoban")
    with pytest.raises(rlplayground.ExportError, match=r"a dense layer reads a flat vector"):
        rlplayground.export_torch(nn.Sequential(nn.Linear(4, 9)), "zuma")  # Zuma's rows need a Flatten first
    with pytest.raises(rlplayground.ExportError, match=r"gives \[5\], a q-network of mancala gives 6 values"):
        rlplayground.export_torch(nn.Sequential(nn.Linear(14, 5)), "mancala")
    with pytest.raises(rlplayground.ExportError, match=r"tictactoe has no network encoding"):
        rlplayground.export_torch(nn.Sequential(nn.Linear(9, 9)), "tictactoe")


def test_the_convert_command_writes_a_file_the_engine_reads_and_kalahs_network_agent_plays(tmp_path):
    torch.manual_seed(3)
    model = nn.Sequential(nn.Linear(14, 16), nn.ReLU(), nn.Linear(16, 6)).eval()
    (tmp_path / "kalah.onnx").write_bytes(onnx_bytes(model, np.zeros((2, 14), np.float32)))
    out = tmp_path / "network.policy"
    done = subprocess.run(
        [sys.executable, "-m", "rlplayground", "convert", str(tmp_path / "kalah.onnx"), "--game", "mancala",
         "--kind", "policy-network", "-o", str(out)],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "input [14], output [6]" in done.stdout
    data = out.read_bytes()
    rlplayground.provide_policy_file("mancala/network.policy", data)
    env = rlplayground.make("mancala")
    env.reset(seed=4)
    decision = env.make_agent("network:1").decide()  # temperature 1: the policy's own probabilities
    with torch.no_grad():
        logits = model(torch.from_numpy(env.observe("player_0")[None]))[0].numpy().astype(np.float64)
    legal = env.legal_actions()
    p = np.exp(logits[legal] - logits[legal].max())
    assert np.allclose(decision.probabilities[legal], p / p.sum(), atol=1e-6)
    bad = subprocess.run(
        [sys.executable, "-m", "rlplayground", "convert", str(tmp_path / "kalah.onnx"), "--game", "zuma",
         "-o", str(tmp_path / "zuma.policy")],
        capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 1 and "the network reads [14], zuma's encoding 'zuma-rows-v1' is [" in bad.stderr
