"""Weighted worlds (issue 34): the policy, the weights, and the weighted means.

R42's equal worlds stay the default; these check the player's aid beside it:
a world that explains the bid better weighs more, the fast scoring equals a
plain softmax summed over every alternative, and equal weights give the plain
mean and standard error.
"""

import math
import random

import pytest

from ulti_solver.analysis.single_dummy import values_of_cards, weighted_values_of_cards
from ulti_solver.bids import parse_bid
from ulti_solver.cards import hand_of, parse_card
from ulti_solver.deal import Deal
from ulti_solver.game.kontras import KontraCall
from ulti_solver.inference.features import BID_NAMES, COMPONENTS, KONTRA_NAMES, PICK_UP_NAMES, HandSummary, bid_features
from ulti_solver.inference.observed import Observed, from_calls, from_levels, moments_passed
from ulti_solver.inference.policy import Policy, bid_alternatives, shipped_policy
from ulti_solver.inference.weights import effective_worlds, resample, weighted_summary, world_weights
from ulti_solver.kontra import Kontra
from ulti_solver.variants import DEFAULT_RULES

BELLS, LEAVES = 1, 2


def cards(text):
    return hand_of(parse_card(word) for word in text.split())


def deal_of(declarer, one, two, talon):
    return Deal((cards(declarer), cards(one), cards(two)), cards(talon))


# Two worlds of a defender (seat 1 holds the same ten): only the bells king and ober move.
SEAT_1 = "H7 H8 H9 HU L7 L8 L9 LU A7 A8"
WITH_MARRIAGE = deal_of("BK BO BA BT B9 B8 HA HT LA AA", SEAT_1, "B7 BU HK HO LK LO LT AK AO AT", "AU A9")
WITHOUT_MARRIAGE = deal_of("B7 BU BA BT B9 B8 HA HT LA AA", SEAT_1, "BK BO HK HO LK LO LT AK AO AT", "AU A9")


def random_policy(seed):
    rng = random.Random(seed)
    weights = {f"bid.bias.{bid}": rng.gauss(0, 1) for bid, _ in bid_alternatives(rules=DEFAULT_RULES)}
    for c in COMPONENTS:
        weights.update({f"bid.{c}.{n}": rng.gauss(0, 1) for n in BID_NAMES[c]})
        weights.update({f"kontra.{c}.{n}": rng.gauss(0, 1) for n in KONTRA_NAMES[c]})
    weights.update({f"auction.pick-up.{n}": rng.gauss(0, 1) for n in PICK_UP_NAMES})
    return Policy(weights, bid_temperature=1.3, kontra_temperature=0.8, pick_up_temperature=1.1)


def test_a_world_without_the_bids_marriage_weighs_less():
    policy = Policy({"bid.40-100.trump_marriage": 3.0, "bid.bias.40-100": 0.5})
    observed = Observed(1, parse_bid("40-100"), BELLS)
    with_it, without = world_weights(observed, [WITH_MARRIAGE, WITHOUT_MARRIAGE], policy)
    assert with_it > without > 0


def test_the_shipped_policy_reads_the_trump_seven_of_an_ulti():
    """Self-play bids ulti with the trump seven (R12): a world where the declarer holds it weighs more."""
    observed = Observed(1, parse_bid("ulti"), BELLS)
    with_seven = deal_of("B7 BK BA BT B9 B8 HA HT LA AA", SEAT_1, "BO BU HK HO LK LO LT AK AO AT", "AU A9")
    without = deal_of("BO BK BA BT B9 B8 HA HT LA AA", SEAT_1, "B7 BU HK HO LK LO LT AK AO AT", "AU A9")
    heavy, light = world_weights(observed, [with_seven, without], shipped_policy())
    assert heavy > 2 * light


def brute_bid_probability(policy, hand, bid, trump):
    """The softmax written out: every alternative's feature vector, its dot product, summed."""
    summary = HandSummary(hand)
    scores = {}
    for other, t in bid_alternatives(rules=DEFAULT_RULES):
        vector = {f"bid.bias.{other}": 1.0}
        for c in other.components:
            for name, value in zip(BID_NAMES[str(c)], bid_features(summary, str(c), t)):
                vector[f"bid.{c}.{name}"] = value
        scores[str(other), t] = sum(policy.weights.get(k, 0.0) * v for k, v in vector.items()) / policy.bid_temperature
    total = sum(math.exp(s) for s in scores.values())
    return math.exp(scores[str(bid), trump]) / total


@pytest.mark.parametrize("seed", range(4))
def test_fast_bid_scores_equal_the_softmax_summed_by_brute_force(seed):
    rng = random.Random(seed)
    policy = random_policy(seed)
    hand = hand_of(rng.sample(range(32), 12))
    for bid, trump in rng.sample(bid_alternatives(rules=DEFAULT_RULES), 5):
        fast = math.exp(policy.bid_log_probability(hand, bid, trump))
        assert fast == pytest.approx(brute_bid_probability(policy, hand, bid, trump), rel=1e-9)
    assert sum(math.exp(policy.bid_log_probability(hand, b, t)) for b, t in bid_alternatives(rules=DEFAULT_RULES)) == (
        pytest.approx(1.0)
    )


def test_world_weight_is_the_product_of_the_action_probabilities():
    policy = random_policy(7)
    bid = parse_bid("ulti")
    observed = Observed(0, bid, BELLS, decisions=((1, "party", True), (2, "ulti", False)), either=("ulti",))
    world = WITH_MARRIAGE
    p1 = policy.kontra_probability(world.hands[1], "party", BELLS)
    q2 = 1 - policy.kontra_probability(world.hands[2], "ulti", BELLS)
    a = policy.kontra_probability(world.hands[1], "ulti", BELLS)
    b = policy.kontra_probability(world.hands[2], "ulti", BELLS)
    # The declarer's own bid is no evidence to him (seat 0): only the defenders' kontras count.
    assert world_weights(observed, [world], policy)[0] == pytest.approx(p1 * q2 * (1 - (1 - a) * (1 - b)))
    defender = Observed(2, bid, BELLS, decisions=((1, "party", True), (2, "ulti", False)))
    twelve = world.hands[0] | world.talon
    expected = math.exp(policy.bid_log_probability(twelve, bid, BELLS)) * p1
    assert world_weights(defender, [world], policy)[0] == pytest.approx(expected)


def test_effective_worlds_exact_on_small_cases():
    assert effective_worlds([1, 1, 1, 1]) == 4
    assert effective_worlds([5, 0, 0]) == 1
    assert effective_worlds([2, 1, 1]) == pytest.approx(16 / 6)
    assert effective_worlds([0.25] * 8) == pytest.approx(8)


def test_equal_weights_give_the_plain_mean_and_standard_error():
    totals = [[4, -8, 12, 0, 4, 6], [2, 2, -4, 10, 0, 8], [4, -8, 12, 0, 4, 6]]
    cards = [3, 9, 17]
    plain = values_of_cards(cards, totals, True, False)
    weighted = weighted_values_of_cards(cards, totals, [0.7] * 6, True, False)
    assert [v.card for v in weighted] == [v.card for v in plain]
    for a, b in zip(plain, weighted):
        assert float(a.mean_total) == pytest.approx(float(b.mean_total))
        assert a.stderr_value == pytest.approx(b.stderr_value)
        assert float(a.loss_total) == pytest.approx(float(b.loss_total))
        assert a.stderr_loss == pytest.approx(b.stderr_loss)
        assert a.best == b.best


def test_weighted_summary_leans_on_the_heavy_worlds():
    mean, stderr = weighted_summary([0, 10], [3, 1])
    assert mean == pytest.approx(2.5)
    assert stderr > 0
    assert weighted_summary([0, 10], [3, 1], exact=True).stderr == 0


def test_resampling_follows_the_weights():
    chosen = resample(["a", "b", "c"], [2, 0, 6], 4, 0.5)
    assert chosen.count("a") == 1 and chosen.count("c") == 3


def test_levels_read_as_decisions_of_the_seats_that_spoke():
    bid = parse_bid("ulti")
    joint = Kontra((("party", (1, 1)),), ())
    # Defender 2 asking before his card: defender 1 said the party and not the ulti.
    two = from_levels(2, bid, BELLS, (1,), kontra=joint, rules=DEFAULT_RULES)
    assert set(two.decisions) == {(1, "party", True), (1, "ulti", False)}
    # The declarer after the first trick cannot tell which defender said it.
    zero = from_levels(0, bid, BELLS, moments_passed(3), kontra=joint, rules=DEFAULT_RULES)
    assert zero.either == ("party",) and not zero.reads_bid
    assert from_levels(0, bid, BELLS, (), kontra=Kontra(), rules=DEFAULT_RULES).empty


def test_calls_read_as_each_defenders_first_trick_decisions():
    bid = parse_bid("ulti")
    calls = [KontraCall(1, "party", 1, 1)]  # declarer table seat 0: defender 1 is table seat 1
    seen = from_calls(0, bid, BELLS, 0, calls, 3, rules=DEFAULT_RULES)
    # Defender 2 could still kontra the ulti, not the party (joint, already said, R37, R48).
    assert set(seen.decisions) == {(1, "party", True), (1, "ulti", False), (2, "ulti", False)}


def test_play_infer_shows_the_effective_worlds(ulti, ulti_json):
    args = ("play", "8.A97.A97.ATO", "--seat", "1", "--bid", "party", "--trump", "bells", "--play", "BT,BA,BU")
    args += ("--samples", "6", "-q")
    plain = ulti_json(*args, "--json")
    inferred = ulti_json(*args, "--infer", "--json")
    assert all("effective_worlds" not in card for card in plain)
    assert {card["card"] for card in inferred} == {card["card"] for card in plain}
    effective = {card["effective_worlds"] for card in inferred}
    assert len(effective) == 1 and 1 <= effective.pop() <= 6
    text = ulti(*args, "--infer", exit_code=0).stdout
    assert "--infer" in text and "equally likely worlds" in text
    assert "--infer" not in ulti(*args, exit_code=0).stdout


def test_kontra_infer_shows_the_effective_worlds(ulti_json):
    args = ("kontra", "KO98.AT8.T.U8", "--seat", "1", "--bid", "ulti", "--trump", "leaves", "--samples", "4", "-q")
    found = ulti_json(*args, "--infer", "--json")
    assert found and all(0 < row["effective_worlds"] <= 4 for row in found)


def test_infer_with_nothing_to_infer_is_a_clear_error(ulti, bad_input):
    result = ulti("play", "A97.TK8.O8.U9", "--talon", "LU,A8", "--bid", "party", "--trump", "bells", "--infer")
    bad_input(result, "--infer", "R48")


def test_pimc_infer_is_an_option_checked(ulti, bad_input):
    from ulti_solver.bots import BotError, make_bot

    assert make_bot("pimc:infer=1").infer and not make_bot("pimc").infer
    with pytest.raises(BotError, match="infer"):
        make_bot("pimc:infer=2")


def test_pimc_infer_plays_a_whole_game_with_the_same_answers_each_time(monkeypatch):
    """infer=1 weighs and resamples its worlds from the game's seed: the same game, the same answers."""
    from ulti_solver.analysis.discards import twelve_card_deal
    from ulti_solver.bots import make_bot
    from ulti_solver.bots.table import play_game
    from ulti_solver.dealing import random_deal
    from ulti_solver.inference import weights

    asked = []
    weigh = weights.world_weights
    monkeypatch.setattr(weights, "world_weights", lambda *args: asked.append(1) or weigh(*args))

    deal = twelve_card_deal(random_deal(random.Random(3)))

    def played():
        bots = [make_bot("pimc:infer=1,worlds=6,bid-time=0.2") for _ in range(3)]
        return play_game(deal, bots, rules="ultiblog", seed=3)

    first, second = played(), played()
    assert first.by_seat == second.by_seat and sum(first.by_seat) == 0
    assert asked  # the worlds were weighed


def test_the_passes_read_are_those_of_seats_that_kept_their_ten_cards():
    """R46: a pass counts only for a seat that never picked the talon up (its ten then are its ten
    now), never for the declarer, and only where a pick-up was open."""
    from ulti_solver.game.view import PublicAction
    from ulti_solver.inference.observed import auction_passes, level_of

    party, ulti = parse_bid("party"), parse_bid("ulti")
    actions = [
        PublicAction(0, "bid", party),
        PublicAction(1, "pass", None),
        PublicAction(2, "pick-up", ulti),
        PublicAction(0, "pass", None),
        PublicAction(1, "pass", None),
        PublicAction(2, "pass", None),
    ]
    # Table seat 2 declares: seat 0 (R5 seat 1) passed over the ulti, seat 1 (R5 seat 2) over both.
    found = auction_passes(actions, 2, rules=DEFAULT_RULES)
    assert found == [
        (2, level_of(party, rules=DEFAULT_RULES)),
        (1, level_of(ulti, rules=DEFAULT_RULES)),
        (2, level_of(ulti, rules=DEFAULT_RULES)),
    ]
    assert 0 == level_of(party, rules=DEFAULT_RULES) < level_of(ulti, rules=DEFAULT_RULES) < 1
    seen = from_calls(1, ulti, BELLS, 2, [], 0, rules=DEFAULT_RULES, auction=actions)
    assert seen.passes == ((2, level_of(party, rules=DEFAULT_RULES)), (2, level_of(ulti, rules=DEFAULT_RULES)))


def test_a_pass_weighs_by_the_chance_of_not_picking_up():
    policy = random_policy(11)
    observed = Observed(0, parse_bid("party"), BELLS, use_bid=False, passes=((1, 0.0), (2, 0.5)))
    world = WITHOUT_MARRIAGE
    expected = (1 - policy.pick_up_probability(world.hands[1], 0.0)) * (
        1 - policy.pick_up_probability(world.hands[2], 0.5)
    )
    assert world_weights(observed, [world], policy)[0] == pytest.approx(expected)
    assert expected != pytest.approx(0.25)  # the policy is not a coin: the hands count
