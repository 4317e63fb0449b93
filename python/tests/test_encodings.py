"""Every encoding a game offers can be observed with its shape; the inputs of the games' source documents are
among them, and the default stays the network's tensor."""

import numpy as np
import pytest

import rlplayground
from conftest import GAMES, ONE_PLAYER

# The inputs the sources' learners read: Kalah's report (its 40 features), the Morris project's networks (the
# board vector) and the Sokoban DQN project (its tile planes, which are also the network's tensor).
SOURCE_ENCODINGS = {
    "mancala": ("mancala-report-features-v1", (40,)),
    "morris": ("morris-board-v1", (16,)),
    "sokoban": ("sokoban-tiles-v1", None),
}


def first_observation(env):
    if env.game in ONE_PLAYER:
        obs, _ = env.reset(seed=3)
        return obs
    env.reset(seed=3)
    return env.last()[0]


@pytest.mark.parametrize("game", GAMES)
def test_every_encoding_is_observed_with_its_shape(game):
    for name, shape in rlplayground.make(game).observation_encodings.items():
        env = rlplayground.make(game, observation=name)
        obs = first_observation(env)
        assert obs.shape == shape, name
        assert obs.dtype == np.float32 and np.isfinite(obs).all(), name


@pytest.mark.parametrize("game", sorted(SOURCE_ENCODINGS))
def test_the_sources_inputs_are_offered(game):
    name, shape = SOURCE_ENCODINGS[game]
    encodings = rlplayground.make(game).observation_encodings
    assert name in encodings, f"{game}: {list(encodings)}"
    if shape is not None:
        assert encodings[name] == shape


def test_the_default_is_the_networks_tensor_else_the_features():
    assert rlplayground.make("mancala").observation_encoding == "mancala-holes-v1"
    assert rlplayground.make("mancala").network_encoding == "mancala-holes-v1"
    assert rlplayground.make("morris").observation_encoding == "features"
    assert rlplayground.make("morris").network_encoding is None


def test_kalahs_report_features_fill_the_block_of_the_player_to_move():
    env = rlplayground.make("mancala", observation="mancala-report-features-v1")
    env.reset(seed=3)
    obs = env.last()[0]
    assert obs[39] == 1 and obs[38] == 0  # the constant; the player flag: player 0 to move
    assert obs[:19].any() and not obs[19:38].any()
    env.step(env.action_index("1"))  # four stones from the pit farthest from the store: player 1 moves next
    obs = env.last()[0]
    assert obs[38] == 1
    assert not obs[:19].any() and obs[19:38].any()
    assert all(0 <= v <= 1 for v in obs[19:37])  # the side features are divided by their largest values


def test_morris_board_vector_is_the_projects_input_from_the_movers_side():
    boards = rlplayground.make("morris", observation="morris-board-v1")
    features = rlplayground.make("morris")
    for env in (boards, features):
        env.reset(seed=3)
        for move in ("place:a", "place:b"):
            env.step(env.action_index(move))
    obs = boards.last()[0]
    assert obs[0] == 1 and obs[1] == -1 and not obs[2:].any()  # player 0 to move again: a is its own
    assert np.array_equal(obs, features.last()[0])
