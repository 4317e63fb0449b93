"""The module imports and lists what the engine's registry has, as the command line lists it."""

import re

import pytest

import rlplayground
from conftest import GAMES, ONE_PLAYER, TWO_PLAYERS, run_cli


def test_games_are_the_registry_of_the_command_line():
    listed = re.findall(r"^(\w+): ", run_cli("list"), flags=re.MULTILINE)
    assert GAMES == listed
    assert set(ONE_PLAYER) == {"zuma", "sokoban"}
    assert set(TWO_PLAYERS) == {"tictactoe", "mancala", "binary", "morris"}


@pytest.mark.parametrize("game", GAMES)
def test_game_info_lists_options_and_agents(game):
    info = rlplayground.game_info(game)
    assert info["name"] == game and info["title"]
    listed = run_cli(game, "rules")
    for option in info["options"]:
        assert f"`{option['name']}`" in listed
    specs = rlplayground.agents(game)
    assert specs[0] == "random"
    for spec in info["default_agents"]:
        assert spec.split(":")[0] in {s.split(":")[0] for s in specs}


@pytest.mark.parametrize("game", GAMES)
def test_make_gives_the_kind_of_environment_for_the_number_of_players(game):
    env = rlplayground.make(game)
    expected = rlplayground.PlaygroundEnv if game in ONE_PLAYER else rlplayground.PlaygroundAECEnv
    assert type(env) is expected
    assert env.game == game
    assert env.num_actions > 0
    assert "features" in env.observation_encodings


def test_observation_encodings_include_the_networks_tensor():
    zuma = rlplayground.make("zuma")
    assert zuma.observation_encoding == "zuma-rows-v1"
    assert zuma.observation_space.shape == zuma.observation_encodings["zuma-rows-v1"]
    flat = rlplayground.make("zuma", observation="features")
    obs, _ = flat.reset(seed=1)
    assert obs.shape == flat.observation_space.shape and len(obs.shape) == 1


@pytest.mark.parametrize("game", GAMES)
def test_every_agent_offered_decides_a_legal_action(game):
    env = rlplayground.make(game)
    env.reset(seed=2)
    for spec in rlplayground.agents(game):
        decision = env.make_agent(spec).decide()
        assert decision.spec == spec
        if decision.declined:  # Kalah's perfect player at the start: beyond its solver's budget
            assert decision.note and decision.action is None
            continue
        assert env.action_mask()[decision.action], (spec, decision)
        assert abs(decision.probabilities.sum() - 1) < 1e-6
        assert (decision.probabilities[~env.action_mask()] == 0).all()
