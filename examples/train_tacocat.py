#!/usr/bin/env python3
"""Train a small agent on Tacocat with the Gymnasium environment and show it beating random.

The agent is a linear softmax policy over the fixed action space, masked to the legal actions,
trained by REINFORCE (policy gradient with a running-mean baseline and Adam) in plain numpy: no deep
learning library needed, it runs on any CPU in the time given.

    python examples/train_tacocat.py [--seconds 60] [--eval-games 300]

It prints win rates with Wilson 95% intervals, like against like: the policy before and after
training, each both sampled (stochastic) and greedy, against the random bot on the same deals; the
game's heuristic bot on those deals as the bar to clear ("always play the highest card" alone already
beats random most of the time); and the trained policy against the heuristic itself.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

import numpy as np

from cardroom.arena.stats import wilson
from cardroom.bots import make_bot
from cardroom.rl.gymnasium import CardroomEnv

EVAL = 10_000_000  # the first episode seed of every evaluation


@dataclass
class LinearPolicy:
    """logits = x W + b over every action; illegal actions masked out before the softmax."""

    inputs: int
    actions: int
    scale: np.ndarray
    lr: float = 0.02
    weights: np.ndarray = field(init=False)
    bias: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros((self.inputs, self.actions))
        self.bias = np.zeros(self.actions)
        self._moments = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self._squares = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self._t = 0

    def features(self, observation: np.ndarray) -> np.ndarray:
        return observation / self.scale

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = x @ self.weights + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def adam_step(self, grads: list[np.ndarray]) -> None:
        """Gradient *ascent* on the expected return."""
        self._t += 1
        for param, grad, m, v in zip((self.weights, self.bias), grads, self._moments, self._squares):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            m_hat = m / (1 - 0.9**self._t)
            v_hat = v / (1 - 0.999**self._t)
            param += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env: CardroomEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator, greedy: bool
         ) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One episode; returns the final reward and the (features, probabilities, action) of each step."""
    obs, _ = env.reset(seed=seed)
    steps = []
    reward, done = 0.0, False
    while not done:
        x = policy.features(obs["observation"])
        p = policy.probabilities(x, obs["action_mask"])
        action = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
        steps.append((x, p, action))
        obs, r, done, _, _ = env.step(action)
        reward = float(r)
    return reward, steps


def evaluate(env: CardroomEnv, policy: LinearPolicy, games: int, seed: int, greedy: bool) -> tuple[int, int]:
    rng = np.random.default_rng(seed)
    wins = sum(play(env, policy, seed + i, rng, greedy)[0] > 0 for i in range(games))
    return wins, games


def evaluate_bot(env: CardroomEnv, spec: str, games: int, seed: int) -> tuple[int, int]:
    """A cardroom bot in the learner's seat, on the same deals (episode seeds) as ``evaluate``."""
    game = env.interface.game
    bot = make_bot(spec, game)
    wins = 0
    for i in range(games):
        env.reset(seed=seed + i)
        rng = random.Random(seed + i)
        done, reward = False, 0.0
        while not done:
            assert env.game_state is not None
            text = bot.choose(game, env.game_state.view(env.seat), rng)
            _, r, done, _, _ = env.step(env.interface.actions.index(text))
            reward = float(r)
        wins += reward > 0
    return wins, games


def train(seconds: float, eval_games: int, batch: int = 16, seed: int = 0) -> dict[str, float]:
    env = CardroomEnv("tacocat", opponents="random")
    size = env.observation_space["observation"].shape[0]
    scale = np.maximum(env.observation_space["observation"].high, 1.0)
    policy = LinearPolicy(size, int(env.action_space.n), scale)
    rng = np.random.default_rng(seed)

    # Every evaluation plays the same deals (seeds from EVAL), so the rows differ only by who plays.
    untrained = {"sampled": evaluate(env, policy, eval_games, EVAL, greedy=False),
                 "greedy": evaluate(env, policy, eval_games, EVAL, greedy=True)}
    start = time.perf_counter()
    episodes, baseline = 0, 0.0
    while time.perf_counter() - start < seconds:
        grad_w, grad_b = np.zeros_like(policy.weights), np.zeros_like(policy.bias)
        for _ in range(batch):
            reward, steps = play(env, policy, seed * 1_000_003 + episodes, rng, greedy=False)
            advantage = reward - baseline
            baseline += 0.01 * (reward - baseline)
            for x, p, action in steps:
                g = -p
                g[action] += 1.0  # d log p(action) / d logits
                grad_w += np.outer(x, g) * advantage
                grad_b += g * advantage
            episodes += 1
        policy.adam_step([grad_w / batch, grad_b / batch])
    trained_for = time.perf_counter() - start
    trained = {"sampled": evaluate(env, policy, eval_games, EVAL, greedy=False),
               "greedy": evaluate(env, policy, eval_games, EVAL, greedy=True)}
    heuristic = evaluate_bot(env, "heuristic", eval_games, EVAL)
    against_heuristic = CardroomEnv("tacocat", opponents="heuristic")
    trained_vs_heuristic = evaluate(against_heuristic, policy, eval_games, EVAL, greedy=True)
    random_vs_heuristic = evaluate_bot(against_heuristic, "random", eval_games, EVAL)

    rows = [
        ("untrained policy, sampled (uniform)", "random", untrained["sampled"]),
        ("untrained policy, greedy (first legal)", "random", untrained["greedy"]),
        ("trained policy, sampled", "random", trained["sampled"]),
        ("trained policy, greedy", "random", trained["greedy"]),
        ("heuristic bot (the bar to clear)", "random", heuristic),
        ("random bot", "heuristic", random_vs_heuristic),
        ("trained policy, greedy", "heuristic", trained_vs_heuristic),
    ]
    for label, opponent, (wins, n) in rows:
        low, high = wilson(wins, n)
        print(f"{label:<40} vs {opponent:<9}: {wins:>4}/{n} = {wins / n:6.1%}  (95% CI {low:.1%} - {high:.1%})")
    print(f"{episodes} training games in {trained_for:.0f} s; every row played the same {eval_games} deals")
    return {
        "episodes": episodes,
        "before": untrained["sampled"][0] / eval_games,
        "before_greedy": untrained["greedy"][0] / eval_games,
        "after_sampled": trained["sampled"][0] / eval_games,
        "after": trained["greedy"][0] / eval_games,
        "after_low": wilson(*trained["greedy"])[0],
        "heuristic": heuristic[0] / eval_games,
        "after_vs_heuristic": trained_vs_heuristic[0] / eval_games,
        "random_vs_heuristic": random_vs_heuristic[0] / eval_games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="training time (default 60)")
    parser.add_argument("--eval-games", type=int, default=300, help="games per evaluation (default 300)")
    args = parser.parse_args()
    train(args.seconds, args.eval_games)


if __name__ == "__main__":
    main()
