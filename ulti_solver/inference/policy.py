"""A soft, calibrated policy of the auction and the kontras: P(action | cards), fitted on self-play.

Policy-based inference (Rebstock et al. 2019) weighs a world by how likely
the actions seen would have been with that world's cards.  That needs a
*soft* policy: an ε-greedy "perfect player" gives near-zero to most worlds
and lets a few lucky ones decide (a past attempt at this made play worse).
So every action is a conditional logit (softmax) over its alternatives,

    P(a | cards) ∝ exp(θ·φ(a, cards) / T),

with the few hand features of :mod:`.features`, θ fitted by maximum
likelihood on self-play records and the temperature T on held-out ones
(``python -m benchmarks.inference_fit``), so that its probabilities are
calibrated, not just ranked.  Two actions are modelled, both cheap to score
in every world:

* the declarer's final bid and trump (R46, R29), from his twelve cards: his
  ten and the talon he laid.  The alternatives are every bid of the
  rulebook's R47 order with each trump it may name, not only those that beat
  the bid standing before his: a model of "what this hand ends up bidding",
  simpler to use where the auction is not known (``ulti play --infer``);
* each defender's kontra on each component at his moment of the first trick
  (R48), said or not, from his ten cards: a two-way logit;
* a seat's pass where it could have picked the talon up (R46), from the ten
  cards it held then, and how high the standing bid was: a two-way logit.

Raises (rekontra and above) and throw-ins are not modelled.  The parameters ship as ulti_solver/data/inference.json.
"""

from __future__ import annotations

import functools
import json
import math
from importlib import resources
from typing import Dict, List, Optional, Sequence, Tuple

from ..bids import NON_RED_TRUMPS, Bid
from ..cards import HEARTS, Hand, Suit
from ..variants import DEFAULT_RULES, Rules
from .features import (
    BID_NAMES,
    COMPONENTS,
    KONTRA_NAMES,
    PICK_UP_NAMES,
    HandSummary,
    bid_features,
    kontra_features,
    pick_up_features,
)

#: The file of fitted parameters inside the package.
DATA_FILE = "inference.json"
#: Every trump a feature vector is made for; None for a bid without trump (R3, R23).
TRUMPS: Tuple[Optional[Suit], ...] = (0, 1, 2, 3, None)

Alternative = Tuple[Bid, Optional[Suit]]


def trumps_of(bid: Bid) -> Tuple[Optional[Suit], ...]:
    """R29: the trumps a bid may be played in."""
    if not bid.has_trump:
        return (None,)
    return (HEARTS,) if bid.red else tuple(NON_RED_TRUMPS)


@functools.lru_cache(maxsize=8)
def bid_alternatives(*, rules: Rules = DEFAULT_RULES) -> Tuple[Alternative, ...]:
    """Every bid of the R47 order of ``rules`` with each trump it may name: the choices of the bid model."""
    from ..game.ranking import bid_order

    return tuple((bid, trump) for bid in bid_order(rules=rules).bids for trump in trumps_of(bid))


def bid_key(bid: Bid) -> str:
    return f"bid.bias.{bid}"


def feature_key(model: str, component: str, name: str) -> str:
    return f"{model}.{component}.{name}"


def logsumexp(values: Sequence[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


class Policy:
    """The fitted policy: a flat map of parameter names to weights, and one temperature per model.

    ``weights`` keys: ``bid.bias.<bid>`` (one per bid, R28), ``bid.<component>.<feature>`` and
    ``kontra.<component>.<feature>`` (:mod:`.features`).  A missing key weighs 0.
    """

    def __init__(
        self,
        weights: Dict[str, float],
        bid_temperature: float = 1.0,
        kontra_temperature: float = 1.0,
        pick_up_temperature: float = 1.0,
    ):
        if min(bid_temperature, kontra_temperature, pick_up_temperature) <= 0:
            raise ValueError("temperatures are positive")
        self.weights = dict(weights)
        self.bid_temperature = float(bid_temperature)
        self.kontra_temperature = float(kontra_temperature)
        self.pick_up_temperature = float(pick_up_temperature)
        self._pick_up_theta = [self.weights.get(f"auction.pick-up.{n}", 0.0) for n in PICK_UP_NAMES]
        self._bid_theta = {
            c: [self.weights.get(feature_key("bid", c, n), 0.0) for n in BID_NAMES[c]] for c in COMPONENTS
        }
        self._kontra_theta = {
            c: [self.weights.get(feature_key("kontra", c, n), 0.0) for n in KONTRA_NAMES[c]] for c in COMPONENTS
        }

    # -- the declarer's bid ------------------------------------------------------------------------

    def component_scores(self, hand: Hand) -> Dict[Tuple[str, Optional[Suit]], float]:
        """θ_c·φ_c(hand, t) for every component c and trump t: each bid's score is a sum of these."""
        summary = HandSummary(hand)
        scores = {}
        for c in COMPONENTS:
            theta = self._bid_theta[c]
            for t in TRUMPS:
                scores[c, t] = sum(w * x for w, x in zip(theta, bid_features(summary, c, t)))
        return scores

    def bid_scores(self, hand: Hand, alternatives: Sequence[Alternative]) -> List[float]:
        """Each alternative's score θ·φ/T for the declarer's twelve cards ``hand``."""
        parts = self.component_scores(hand)
        scale = 1.0 / self.bid_temperature
        return [
            (self.weights.get(bid_key(bid), 0.0) + sum(parts[str(c), t] for c in bid.components)) * scale
            for bid, t in alternatives
        ]

    def bid_log_probability(
        self, hand: Hand, bid: Bid, trump: Optional[Suit], *, rules: Rules = DEFAULT_RULES
    ) -> float:
        """log P(bid, trump | the declarer's twelve cards), over :func:`bid_alternatives`."""
        alternatives = bid_alternatives(rules=rules)
        scores = self.bid_scores(hand, alternatives)
        try:
            mine = alternatives.index((bid, trump))
        except ValueError:
            raise ValueError(f"{bid} in {trump} is not a bid of the rulebook") from None
        return scores[mine] - logsumexp(scores)

    # -- a defender's kontra -------------------------------------------------------------------------

    def kontra_probability(self, hand: Hand, component: str, trump: Optional[Suit]) -> float:
        """P(a defender with ten cards ``hand`` says kontra on ``component`` at his moment, R48)."""
        theta = self._kontra_theta[str(component)]
        z = sum(w * x for w, x in zip(theta, kontra_features(HandSummary(hand), str(component), trump)))
        return _sigmoid(z / self.kontra_temperature)

    # -- a pass in the auction -----------------------------------------------------------------------

    def pick_up_probability(self, hand: Hand, level: float) -> float:
        """P(a seat with ten cards ``hand`` picks the talon up over a standing bid at ``level``, R46)."""
        z = sum(w * x for w, x in zip(self._pick_up_theta, pick_up_features(HandSummary(hand), level)))
        return _sigmoid(z / self.pick_up_temperature)

    # -- reading and writing -----------------------------------------------------------------------

    def as_json(self, **about) -> dict:
        return {
            "bid_temperature": self.bid_temperature,
            "kontra_temperature": self.kontra_temperature,
            "pick_up_temperature": self.pick_up_temperature,
            "weights": {k: round(v, 6) for k, v in sorted(self.weights.items())},
            **about,
        }

    @classmethod
    def from_json(cls, data: dict) -> Policy:
        return cls(
            data["weights"],
            data.get("bid_temperature", 1.0),
            data.get("kontra_temperature", 1.0),
            data.get("pick_up_temperature", 1.0),
        )


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@functools.lru_cache(maxsize=1)
def shipped_policy() -> Policy:
    """The policy fitted on self-play records that ships with the package (ulti_solver/data/)."""
    text = resources.files("ulti_solver").joinpath("data").joinpath(DATA_FILE).read_text(encoding="utf-8")
    return Policy.from_json(json.loads(text))
