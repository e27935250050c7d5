"""Kontra and concession (R36-R39): the levels, who they count for, what they pay, and what
they do to the value of a deal.

The worked examples of seed 000 are test data: a kontra'd lost ulti pays 12, a rekontra'd one
20; 40-100 ulti with the 40-100 made and the kontra'd ulti lost pays each defender 8
(rekontra'd 16), both lost 16 (24).
"""

import pytest

from ulti_solver.bids import parse_bid
from ulti_solver.cards import ACORNS, BELLS, HEARTS, LEAVES
from ulti_solver.deal import parse_deal
from ulti_solver.kontra import (
    NO_KONTRA,
    Kontra,
    KontraError,
    half,
    individual,
    kontra_for,
    parse_kontra,
    parse_level,
)
from ulti_solver.play import PlayRules
from ulti_solver.position import parse_play, replay
from ulti_solver.search import solve, value_total
from ulti_solver.settlement import SettlementError, concede, settle
from ulti_solver.variants import make_rules

ULTI = parse_bid("ulti")
FORTY_ULTI = parse_bid("40-100 ulti")
BETLI = parse_bid("betli")
CLASSIC = make_rules("classic")


# -- R36: levels ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, level",
    [("1", 1), ("kontra", 1), ("2", 2), ("Rekontra", 2), ("szubkontra", 3), ("hirschkontra", 4), ("4", 4)],
)
def test_r36_levels_by_number_or_name(text, level):
    assert parse_level(text) == level


@pytest.mark.parametrize("text", ["0", "5", "-1", "double", "", "99"])
def test_r36_a_level_out_of_range_is_an_error(text):
    with pytest.raises(KontraError, match="1-4"):
        parse_level(text)


def test_r36_a_component_is_kontrad_on_its_own_and_a_later_spec_wins():
    kontra = kontra_for("party, ulti=2, party=rekontra", ULTI)
    assert kontra.as_json() == {"party": 2, "ulti": 2}
    assert kontra.level("ulti", 1) == kontra.level("ulti", 2) == 2


def test_r36_a_kontra_on_a_component_the_bid_lacks_is_an_error():
    with pytest.raises(KontraError, match="durchmars is not a component of the bid 'ulti'"):
        kontra_for("durchmars", ULTI)
    with pytest.raises(KontraError, match="not a component to kontra"):
        parse_kontra("spades=2")


def test_r36_hungarian_component_words():
    assert kontra_for("passz=2", ULTI).as_json() == {"party": 2}


def test_r36_all_kontras_every_component():
    assert kontra_for("all=3", FORTY_ULTI).as_json() == {"40-100": 3, "ulti": 3}


def test_r36_an_empty_kontra_is_an_error():
    with pytest.raises(KontraError, match="empty"):
        parse_kontra(" , ")


# -- R37: joint or individual -----------------------------------------------------------------


def test_r37_joint_in_trump_games_individual_in_betli_and_colorless_durchmars():
    assert not individual(ULTI, "ulti")
    assert not individual(parse_bid("durchmars"), "durchmars")
    assert individual(BETLI, "betli")
    assert individual(parse_bid("colorless durchmars"), "durchmars")


def test_r37_variant_kontra_durchmars_individual_in_the_classic_rulebook():
    durchmars = parse_bid("ulti durchmars")
    assert individual(durchmars, "durchmars", rules=CLASSIC)
    assert not individual(durchmars, "ulti", rules=CLASSIC)
    kontra = kontra_for("1:durchmars=2, ulti", durchmars, rules=CLASSIC)
    assert kontra.as_json() == {"ulti": 1, "durchmars": [2, 0]}


def test_r37_a_seat_on_a_joint_kontra_is_an_error():
    with pytest.raises(KontraError, match="counts for both defenders"):
        kontra_for("1:ulti", ULTI)


def test_r37_an_individual_kontra_without_a_seat_is_an_error():
    with pytest.raises(KontraError, match="write 1:betli=1 or 2:betli=1"):
        kontra_for("betli", BETLI)


def test_r37_all_without_a_seat_kontras_for_both_and_seat_all_only_where_every_component_is_individual():
    assert kontra_for("all", BETLI).as_json() == {"betli": [1, 1]}
    assert kontra_for("2:all=2", BETLI).as_json() == {"betli": [0, 2]}
    with pytest.raises(KontraError, match="for both at once"):
        kontra_for("1:all", ULTI)


def test_r37_a_mapping_from_python():
    assert parse_kontra({"ulti": 2, "party": "kontra"}).for_bid(ULTI).as_json() == {"party": 1, "ulti": 2}
    assert parse_kontra({"betli": (1, 0)}).for_bid(BETLI).as_json() == {"betli": [1, 0]}


def test_r37_a_bad_seat_is_an_error():
    with pytest.raises(KontraError, match="1 or 2"):
        parse_kontra("3:betli")


# -- R38: kontra in the payment (seed 000's worked examples) ------------------------------------


@pytest.mark.parametrize("level, pays", [(0, 8), (1, 12), (2, 20), (3, 36), (4, 68)])
def test_r38_a_lost_ulti_s_once_more_is_never_doubled(level, pays):
    """Seed 000: a kontra'd lost ulti pays 12, a rekontra'd one 20 (4 x 2^L + the 4 "once more")."""
    kontra = f"ulti={level}" if level else None
    s = settle(FORTY_ULTI, LEAVES, ["40-100"], kontra=kontra)
    assert s.items[1].by_defender == (-pays, -pays)


@pytest.mark.parametrize("level, one_lost, both_lost", [(1, -8, -16), (2, -16, -24)])
def test_r38_seed_000_forty_100_ulti_with_the_ulti_kontrad(level, one_lost, both_lost):
    """Seed 000: 40-100 ulti, the 40-100 made and the kontra'd ulti lost: each defender is paid 8
    (rekontra'd 16); both lost: 16 (24)."""
    assert settle(FORTY_ULTI, LEAVES, ["40-100"], kontra=f"ulti={level}").per_defender == one_lost
    assert settle(FORTY_ULTI, LEAVES, [], kontra=f"ulti={level}").per_defender == both_lost


def test_r38_red_doubles_under_the_kontra_and_the_once_more_too():
    """Red ulti: won 8, lost 16; kontra'd and lost: 8 x 2 + 8."""
    s = settle(parse_bid("red ulti"), HEARTS, ["party"], kontra="ulti")
    assert [i.by_defender for i in s.items] == [(2, 2), (-24, -24)]


def test_r38_a_won_component_doubles_with_each_level():
    assert settle(ULTI, BELLS, ["party", "ulti"], kontra="ulti=3").per_defender == 1 + 4 * 8


def test_r38_silent_items_follow_the_party_s_level_where_the_party_is_played():
    """Seed 002: in a bid that plays the party, only the party's kontra multiplies the silent
    items, not the ulti's."""
    s = settle(parse_bid("four-aces"), BELLS, ["party"], ["ulti"], kontra="party=2, four-aces")
    assert [(i.name, i.by_defender) for i in s.items] == [
        ("party", (4, 4)),
        ("four-aces", (-8, -8)),
        ("ulti", (8, 8)),  # the silent ulti's 2, times 2^2
    ]


def test_r38_elsewhere_silent_items_follow_the_highest_level():
    s = settle(parse_bid("40-100"), BELLS, ["40-100"], ["durchmars"], kontra="40-100=2")
    assert [(i.name, i.by_defender) for i in s.items] == [("40-100", (16, 16)), ("durchmars", (12, 12))]


def test_r38_a_beaten_silent_ulti_s_once_more_is_not_multiplied():
    """The beaten silent ulti is paid as a lost ulti: -4, of which 2 is the "once more"."""
    s = settle(parse_bid("40-100"), BELLS, ["40-100"], ["ulti-beaten"], kontra="40-100=2")
    assert s.items[1].by_defender == (-(2 * 4 + 2), -(2 * 4 + 2))


def test_r38_individual_kontras_split_the_payment():
    s = settle(BETLI, None, [], kontra="1:betli=2")
    assert s.by_defender == (-20, -5)
    assert s.declarer_total == -25 and s.per_defender == -12.5
    data = s.as_json()
    assert data["by_defender"] == [-20, -5] and data["items"][0]["level"] == [2, 0]
    assert data["kontra"] == {"betli": [2, 0]}


def test_r38_individual_silent_items_by_each_defender_s_own_highest():
    """Classic (R37 variant): durchmars is individual, and the silent ulti of a bid without the
    party follows each defender's own highest level."""
    bid = parse_bid("durchmars")
    s = settle(bid, BELLS, [], ["ulti"], kontra="1:durchmars=1", rules=CLASSIC)
    assert [(i.name, i.by_defender) for i in s.items] == [("durchmars", (-12, -6)), ("ulti", (4, 2))]


# -- R39: concession and the value ------------------------------------------------------------


def test_r39_a_conceded_party_pays_two_each():
    """Seed 002: a dropped party pays 2 to each defender; a concession is paid "kontrázva"."""
    s = concede(parse_bid("party"), BELLS)
    assert s.per_defender == -2 and s.conceded
    assert s.as_json()["conceded"] is True


def test_r39_concession_doubles_once_more_than_the_kontra_and_has_no_once_more():
    """40-100 ulti, the ulti kontra'd: 4 x 2 + 4 x 4 = 24 per defender."""
    assert concede(FORTY_ULTI, LEAVES, kontra="ulti").per_defender == -24


def test_r39_concede_reads_the_bid_trump_and_rules_as_text_like_settle():
    """concede is public beside settle and takes what it takes (BidLike, TrumpLike, RulesLike):
    words read as the command line reads them, not an AttributeError on the text."""
    typed = concede(FORTY_ULTI, LEAVES, kontra="ulti", rules=make_rules("tournament"))
    worded = concede("40-100 ulti", "zöld", kontra="ulti", rules="tournament")
    assert worded == typed and worded.per_defender == typed.per_defender


def test_r39_value_is_half_the_minimax_of_the_total():
    deal = parse_deal("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8")
    plain = solve(deal, BETLI, None, value=True)
    split = solve(deal, BETLI, None, value=True, kontra="1:betli")
    assert plain.value_total == 2 * plain.value
    assert split.value_total == plain.value_total * 3 // 2 and split.value == half(split.value_total)
    assert split.as_json()["kontra"] == {"betli": [1, 0]}
    assert split.as_json()["value_total"] == split.value_total


def test_r39_conceding_beats_playing_a_hopeless_kontrad_game():
    """A 40-100 ulti without the forty and without the seven: both lost before play (R17, R19).
    Rekontra'd, playing costs each defender 4 x 4 + (4 x 4 + 4) = 36, and conceding
    4 x 8 + 4 x 8 = 64 (R39: a concession doubles once more than the kontras): play on."""
    deal = parse_deal("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8")
    s = solve(deal, FORTY_ULTI, LEAVES, value=True, kontra="all=2")
    assert s.value == -36 and s.concede_value == -64 and not s.concede_is_better


def test_r39_conceding_is_better_when_the_silent_items_would_cost_more():
    """A party in acorns the declarer cannot win, where the defenders can also force their
    silent 100 (-2, replacing the party's -1) and the silent ulti of seat 2's acorns seven
    (-2): -4 a defender.  Conceding the party costs 1 x 2 = 2 (R39)."""
    deal = parse_deal("AKO8.U9.87.O9 T7.KO8.TKU.TK U9.AT.AO.AU87 -.7.9.-")
    s = solve(deal, parse_bid("party"), ACORNS, value=True, silent=True)
    assert s.silent == {
        "declarer-100": False,
        "defenders-100": True,
        "defender-ulti": True,
        "defender-ulti-beaten": False,
        "durchmars": False,
    }
    assert (s.value, s.concede_value) == (-4, -2) and s.concede_is_better


def test_r38_r39_a_kontra_changes_the_best_line():
    """The position of tests/test_value.py: 40-100 ulti in acorns, three tricks to go, and the
    declarer can make the 40-100 or the ulti, not both (R24).

    Without kontras the heart king (cashing points for the 40-100) gives up the ulti: 4 - 8 = -4;
    keeping the leaves eight back to force the trump seven through gives +4 - 4 = 0: the eight
    is best.  With the 40-100 kontra'd it is worth 8: the king now gives 8 - 8 = 0 and the
    eight 4 - 8 = -4, so the best card changes to the king.
    """
    deal = parse_deal("K.-.A8.ATKOU87 AO8.KOU9.OU9.- U97.AT87.K7.9 T.-.T.-")
    play = PlayRules.for_game(FORTY_ULTI, ACORNS)
    position = replay(deal, play, parse_play("A8 LO A9 B8 AA B9 AT HO H9 LA L9 L7 AK BO LK AU BK BA AO LU HU"))
    heart_king, leaves_eight = parse_play("HK L8")

    def after(card, kontra):
        return value_total(deal, FORTY_ULTI, ACORNS, position=position.after(card, play), kontra=kontra)

    assert (after(heart_king, None), after(leaves_eight, None)) == (-8, 0)
    assert (after(heart_king, "40-100"), after(leaves_eight, "40-100")) == (0, -8)


# -- Colour: the suit-values variant (R39) ----------------------------------------------------


SUIT_VALUES = make_rules(variants=["suit-values"])


@pytest.mark.parametrize("trump, factor", [(ACORNS, 1), (LEAVES, 2), (BELLS, 3), (HEARTS, 4)])
def test_r39_suit_values_multiply_by_the_trump(trump, factor):
    s = settle(ULTI, trump, ["party", "ulti"], rules=SUIT_VALUES)
    assert s.per_defender == (1 + 4) * factor


def test_r39_suit_values_a_lost_ulti_s_once_more_is_half_its_lost_value():
    """Bells (x3): a lost ulti is 24 of which 12 is the once more; kontra'd: 12 x 2 + 12."""
    s = settle(ULTI, BELLS, ["party"], kontra="ulti", rules=SUIT_VALUES)
    assert s.items[1].by_defender == (-36, -36)


def test_r39_suit_values_betli_and_its_red_form_and_open_durchmars():
    assert settle(BETLI, None, ["betli"], rules=SUIT_VALUES).per_defender == 5
    assert settle(parse_bid("red betli"), None, ["betli"], rules=SUIT_VALUES).per_defender == 20
    # open durchmars is multiplied too (red's classic exception does not apply)
    assert settle(parse_bid("open durchmars"), HEARTS, ["durchmars"], rules=SUIT_VALUES).per_defender == 96


def test_r39_suit_values_needs_the_trump():
    with pytest.raises(SettlementError, match="name the trump"):
        settle(ULTI, None, ["ulti"], rules=SUIT_VALUES)


def test_no_kontra_is_falsy_and_prints_none():
    assert not NO_KONTRA and NO_KONTRA.words() == "none"
    assert Kontra((("ulti", (2, 2)),)).words() == "ulti rekontra (x4)"
