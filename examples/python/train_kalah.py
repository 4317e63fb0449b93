#!/usr/bin/env python3
"""Trains a small PyTorch policy for Kalah from scratch, against a random opponent, and exports it as the policy
file the playground's agent `network` plays (policies/mancala/network.policy).

The learner: REINFORCE with a baseline. Each iteration plays a batch of games in the vector environment
(rlplayground.make_vec), the network in seat 0 of half of them and seat 1 of the other half, the opponent
uniformly random; every move of the network is pushed toward the game's result (+1 won, 0 drawn, -1 lost)
minus the batch's mean result, with a small entropy bonus. The network: 14 stone counts (the mover's pits and
store, then the opponent's: the encoding mancala-holes-v1) -> 64 -> 64 -> 6 logits, ReLU between.

Data-parallel with torch.distributed (gloo): each process plays its own games (other seeds) and the gradients
are averaged (DistributedDataParallel) before every step, so N processes learn from N times the games per step.

    /usr/bin/python3 examples/python/train_kalah.py --out /tmp/kalah.policy                   # one process
    /usr/bin/python3 examples/python/train_kalah.py --processes 2 --out /tmp/kalah.policy     # 2 on loopback
    torchrun --nproc_per_node 2 examples/python/train_kalah.py --out /tmp/kalah.policy        # the same
    (Debian 12's torchrun, torch 1.13 under Python 3.11, fails before starting anything: see docs/python.md)
    /usr/bin/python3 examples/python/train_kalah.py --full     # the shipped run: policies/mancala/network.policy

Across machines, torchrun starts the processes on each one, or the script itself does (docs/python.md):

    torchrun --nnodes 2 --node_rank R --nproc_per_node 2 --master_addr HOST0 --master_port 29500 \\
        examples/python/train_kalah.py --out kalah.policy
    /usr/bin/python3 examples/python/train_kalah.py --nodes 2 --node-rank R --processes 2 \\
        --master-addr HOST0 --master-port 29500 --out kalah.policy

The result is measured natively at the end: the exported file, read by the engine and seated as the agent
`network` (greedy on its logits), plays random from both seats (--eval-games, half in each seat).
"""

import argparse
import json
import os
import pathlib
import socket
import sys
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn

import rlplayground

REPO = pathlib.Path(__file__).resolve().parents[2]
SHIPPED = REPO / "policies" / "mancala" / "network.policy"
POLICY_PATH = "mancala/network.policy"  # the path the agent `network` reads


def make_network():
    return nn.Sequential(nn.Linear(14, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 6))


def play_batch(model, envs, seed, rng):
    """One game in each of the vector environment's rows (the network in seat row % 2, random in the other):
    the network's observations, legal masks and actions, the row each came from, and each row's result."""
    num = envs.num_envs
    learner = np.arange(num) % 2
    obs, infos = envs.reset(seed=seed)
    active = np.ones(num, dtype=bool)
    result = np.zeros(num)
    seen, masks, actions, rows = [], [], [], []
    while active.any():
        mask = infos["action_mask"]
        noise = rng.random(mask.shape)
        chosen = np.argmax(mask * noise, axis=1)  # a random legal move in every row
        ours = active & (infos["to_play"] == learner)
        if ours.any():
            x = torch.from_numpy(obs[ours].copy())
            m = torch.from_numpy(mask[ours].copy())
            with torch.no_grad():
                logits = model(x).masked_fill(~m, float("-inf"))
                picked = torch.distributions.Categorical(logits=logits).sample().numpy()
            chosen[ours] = picked
            seen.append(x)
            masks.append(m)
            actions.append(torch.from_numpy(picked))
            rows.append(np.flatnonzero(ours))
        obs, _, terminations, truncations, infos = envs.step(chosen)
        ended = (terminations | truncations) & active
        result[ended] = infos["player_rewards"][ended, learner[ended]]
        active &= ~ended
    return torch.cat(seen), torch.cat(masks), torch.cat(actions), np.concatenate(rows), result


def win_rate(policy_bytes, games, seed):
    """The exported file seated as the agent `network` (the engine's runtime, greedy) against random, half the
    games from each seat: (wins, draws, losses)."""
    rlplayground.provide_policy_file(POLICY_PATH, policy_bytes)
    env = rlplayground.make("mancala")
    network, random_agent = env.make_agent("network"), env.make_agent("random")
    tally = [0, 0, 0]
    for g in range(games):
        seat = g % 2
        env.reset(seed=seed + g)
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step_agent(network if agent == f"player_{seat}" else random_agent)
        mine, theirs = env.returns()[seat], env.returns()[1 - seat]
        tally[0 if mine > theirs else 1 if mine == theirs else 2] += 1
    return tuple(tally)


def train(rank, world, args):
    distributed = world > 1
    if distributed and not dist.is_initialized():
        dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)  # the same initial weights in every process
    model = make_network()
    learner = nn.parallel.DistributedDataParallel(model) if distributed else model
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    rng = np.random.default_rng([args.seed, rank])
    envs = rlplayground.make_vec("mancala", args.games)
    start = time.time()
    for iteration in range(args.iterations):
        seed = args.seed * 1_000_000_000 + (iteration * world + rank) * args.games
        x, m, a, rows, result = play_batch(model, envs, seed, rng)
        advantage = torch.from_numpy(result[rows] - result.mean()).float()
        logits = learner(x).masked_fill(~m, float("-inf"))
        dist_ = torch.distributions.Categorical(logits=logits)
        entropy = dist_.entropy().mean()
        loss = -(advantage * dist_.log_prob(a)).mean() - args.entropy * entropy
        optimiser.zero_grad()
        loss.backward()  # under DistributedDataParallel the gradients are averaged over the processes here
        optimiser.step()
        if rank == 0 and (iteration % args.log_every == 0 or iteration == args.iterations - 1):
            wins = float(np.mean(result > 0))
            print(
                f"iteration {iteration + 1}/{args.iterations}: won {wins:.1%} of {args.games} games (process 0), "
                f"entropy {entropy.item():.2f}, {time.time() - start:.0f} s",
                flush=True,
            )
    if distributed:  # averaged gradients from the same initial weights: every process holds the same network
        flat = torch.cat([p.detach().reshape(-1) for p in model.parameters()])
        gathered = [torch.zeros_like(flat) for _ in range(world)]
        dist.all_gather(gathered, flat)
        if any(not torch.equal(gathered[0], g) for g in gathered):
            raise RuntimeError("the processes' networks differ: the gradients were not averaged")
        if rank == 0:
            print(f"the {world} processes' networks are identical ({flat.numel()} weights)", flush=True)
    if rank == 0:
        settings = {k: v for k, v in vars(args).items() if k not in ("out", "full", "node_rank", "master_addr")}
        settings["processes"] = world
        training = {
            "command": "examples/python/train_kalah.py " + " ".join(sys.argv[1:]),
            "settings": settings,
            "seconds": round(time.time() - start, 1),
        }
        data = rlplayground.export_torch(model, "mancala", kind="policy-network", training=training)
        wins, draws, losses = win_rate(data, args.eval_games, args.eval_seed)
        scores = {
            "against random": {
                "games": args.eval_games,
                "seed": args.eval_seed,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "agent": "network (greedy), half the games in each seat",
            }
        }
        data = rlplayground.export_torch(model, "mancala", args.out, kind="policy-network", training=training,
                                         scores=scores)
        print(
            f"wrote {args.out} ({len(data)} bytes): the agent network against random, {args.eval_games} games: "
            f"{wins} won, {draws} drawn, {losses} lost ({wins / args.eval_games:.1%})",
            flush=True,
        )
        print(json.dumps({"out": str(args.out), "wins": wins, "draws": draws, "losses": losses}), flush=True)
    if distributed:
        dist.destroy_process_group()


def spawned(local_rank, world, address, port, args):
    os.environ["MASTER_ADDR"] = address
    os.environ["MASTER_PORT"] = str(port)
    train(args.node_rank * args.processes + local_rank, world, args)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=pathlib.Path, help="the policy file to write")
    parser.add_argument("--full", action="store_true", help=f"the shipped run, written to {SHIPPED}")
    parser.add_argument("--iterations", type=int, default=600)
    parser.add_argument("--games", type=int, default=256, help="games per iteration and process")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.01, help="the entropy bonus's weight")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1, help="data-parallel processes on this machine")
    parser.add_argument("--nodes", type=int, default=1, help="machines in the run (without torchrun)")
    parser.add_argument("--node-rank", type=int, default=0, help="this machine's index, 0 to --nodes - 1")
    parser.add_argument("--master-addr", help="machine 0's address, reachable from every machine")
    parser.add_argument("--master-port", type=int, default=29500)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--eval-seed", type=int, default=100_000)
    parser.add_argument("--log-every", type=int, default=10)
    args = parser.parse_args(argv)
    if args.full:
        args.out = args.out or SHIPPED
    if args.out is None:
        parser.error("give --out FILE (or --full)")
    if "RANK" in os.environ and "WORLD_SIZE" in os.environ:  # started by torchrun: it set the rendezvous up
        train(int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"]), args)
    elif args.nodes > 1:  # this machine's share of a run across machines, without torchrun
        if not args.master_addr:
            parser.error("--nodes needs --master-addr (machine 0's address) and the same --master-port everywhere")
        world = args.nodes * args.processes
        mp.spawn(spawned, args=(world, args.master_addr, args.master_port, args), nprocs=args.processes, join=True)
    elif args.processes > 1:
        mp.spawn(spawned, args=(args.processes, "127.0.0.1", free_port(), args), nprocs=args.processes, join=True)
    else:
        train(0, 1, args)


if __name__ == "__main__":
    main()
