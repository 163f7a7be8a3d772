#!/usr/bin/env python3
"""Train a small agent on Tacocat with the Gymnasium environment and show it beating random.

The agent is a linear softmax policy over the fixed action space, masked to the legal actions,
trained by REINFORCE (policy gradient with a running-mean baseline and Adam) in plain numpy: no deep
learning library needed, it runs on any CPU in the time given.

    python examples/train_tacocat.py [--seconds 60] [--eval-games 300]

It prints the win rate against the random bot before and after training, with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from cardroom.arena.stats import wilson
from cardroom.rl.gymnasium import CardroomEnv


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


def train(seconds: float, eval_games: int, batch: int = 16, seed: int = 0) -> dict[str, float]:
    env = CardroomEnv("tacocat", opponents="random")
    size = env.observation_space["observation"].shape[0]
    scale = np.maximum(env.observation_space["observation"].high, 1.0)
    policy = LinearPolicy(size, int(env.action_space.n), scale)
    rng = np.random.default_rng(seed)

    # Untrained, the policy is uniform over the legal actions: random against random.
    before = evaluate(env, policy, eval_games, seed=10_000_000, greedy=False)
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
    after = evaluate(env, policy, eval_games, seed=10_000_000, greedy=True)

    for label, (wins, n) in (("untrained", before), ("trained", after)):
        low, high = wilson(wins, n)
        print(f"{label:>9} vs random: {wins}/{n} = {wins / n:.1%}  (95% CI {low:.1%} - {high:.1%})")
    low = wilson(*after)[0]
    verdict = "beats random" if low > 0.5 else "not yet clearly better than random"
    print(f"{episodes} training games in {trained_for:.0f} s: the trained agent {verdict}")
    return {"episodes": episodes, "before": before[0] / before[1], "after": after[0] / after[1], "after_low": low}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="training time (default 60)")
    parser.add_argument("--eval-games", type=int, default=300, help="games per evaluation (default 300)")
    args = parser.parse_args()
    train(args.seconds, args.eval_games)


if __name__ == "__main__":
    main()
