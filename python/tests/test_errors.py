"""Mistakes raise Python exceptions whose messages say what is wrong and what would be right."""

import pytest

import rlplayground
from conftest import GAMES


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError) as error:
        rlplayground.make("chess")
    message = str(error.value)
    assert "chess" in message
    for game in GAMES:
        assert game in message
    assert isinstance(error.value, rlplayground.InputError)


def test_an_unknown_option_names_the_known_ones():
    with pytest.raises(ValueError, match=r"option 'stones'.*unknown option \(known: stones_per_pit"):
        rlplayground.make("mancala", stones=3)


def test_a_bad_option_value_says_the_range():
    with pytest.raises(ValueError, match=r"option 'stones_per_pit': must be an integer from 1 to 10, got 11"):
        rlplayground.make("mancala", stones_per_pit=11)
    with pytest.raises(ValueError, match="options"):
        rlplayground.make("mancala", stones_per_pit=object())


def test_an_illegal_action_names_it_and_the_legal_ones():
    env = rlplayground.make("tictactoe")
    env.reset(seed=0)
    env.step(4)  # b2
    with pytest.raises(ValueError) as error:
        env.step(4)
    message = str(error.value)
    assert "action 4 ('b2')" in message and "not legal here" in message
    assert "legal: 0 ('a3'), 1 ('b3')" in message and "('b2')" not in message.split("legal:")[1]


def test_an_action_outside_the_space_says_the_space():
    env = rlplayground.make("zuma")
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"action 99: outside the action space of zuma \(0 to \d+\)"):
        env.step(99)
    with pytest.raises(TypeError, match="integer"):
        env.step("3")
    with pytest.raises(TypeError, match="integer"):
        env.step(1.5)


def test_stepping_in_the_wrong_moment_says_what_to_do():
    env = rlplayground.make("sokoban")
    with pytest.raises(RuntimeError, match=r"call reset\(\)"):
        env.step(0)
    aec = rlplayground.make("mancala")
    aec.reset(seed=0)
    with pytest.raises(ValueError, match="player_0 is to move"):
        aec.step(None)


def test_a_finished_agent_must_be_stepped_with_none():
    env = rlplayground.make("tictactoe")
    env.reset(seed=0)
    for name in ["a3", "a2", "b3", "b2", "c3"]:  # the first player completes the top row
        env.step(env.action_index(name))
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    with pytest.raises(ValueError, match="step it with None"):
        env.step(5)
    with pytest.raises(RuntimeError, match="over"):
        env.step_agent(env.make_agent("random"))


def test_bad_agents_encodings_modes_and_seeds_are_refused_by_name():
    env = rlplayground.make("mancala")
    with pytest.raises(ValueError, match="greedy"):
        env.make_agent("grandmaster")
    with pytest.raises(ValueError, match="choose the action yourself"):
        env.make_agent("human")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="'perfect': declined to move: the solver did not settle"):
        env.step_agent(env.make_agent("perfect"))
    with pytest.raises(ValueError, match=r"observation 'pixels' is not an encoding of mancala \(known: features, mancala-holes-v1, mancala-report-features-v1\)"):
        rlplayground.make("mancala", observation="pixels")
    with pytest.raises(ValueError, match="render_mode 'human'"):
        rlplayground.make("mancala", render_mode="human")
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=2**60)
    other = rlplayground.make("mancala")
    other.reset(seed=0)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="another environment"):
        env.step_agent(other.make_agent("random"))
