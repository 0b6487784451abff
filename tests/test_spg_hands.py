"""Supreme Pai Gow main game: two-card hands (R-SPG-02..06), settings and fouls (R-SPG-20/21,
AMB-41), the zero rule in both readings (R-SPG-05) and settlement (R-SPG-23); TC-69..80."""

from __future__ import annotations

import itertools
import random

import pytest

from paigow.errors import InvalidSettingError, ParseError
from paigow.games.cards.cards import (
    DECK,
    Card,
    card_hand_key,
    card_points,
    parse_cards,
    player_wins_card_hand,
)
from paigow.games.cards.hands import (
    COPIES,
    N_TYPES,
    NJ,
    NJ_LITERAL,
    STRENGTH,
    ZERO_LIMIT,
    CardHand,
    CardSetting,
    Category,
    SpgRules,
    card_settings_of,
    compare_card_settings,
    is_foul,
    is_foul_split,
    is_zero_low,
    player_wins_spg_hand,
    rank_type,
)
from paigow.games.outcomes import Outcome, Side

ALL_HANDS = list(itertools.combinations(DECK, 2))


def h(text: str) -> CardHand:
    return CardHand.parse(text)


def s(text: str, *, allow_foul: bool = False) -> CardSetting:
    return CardSetting.parse(text, allow_foul=allow_foul)


# --- R-SPG-03: point values (TC-69..72) -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [("2s 5d", 7), ("5s 9d", 4), ("6d Jk", 9), ("8s 4d", 2)],
    ids=["TC-69", "TC-70", "TC-71", "TC-72"],
)
def test_tc_69_to_72_point_totals(text: str, value: int) -> None:
    hand = h(text)
    assert hand.value == value
    assert hand.category is Category.POINTS
    assert hand.strength // ZERO_LIMIT == value


def test_tc_71_joker_counts_three_beside_a_six_and_ranks_as_three() -> None:
    hand = h("6d Jk")
    assert hand.high_card == parse_cards("6d")[0]
    assert hand.high_rank == 6
    assert hand.name == "9 (high card 6)"


# --- R-SPG-02 / R-SPG-04: ranking -------------------------------------------------------------


def test_r_spg_02_categories_and_names() -> None:
    assert h("Jk Jk").category is Category.JOKER_PAIR
    assert h("Jk Jk").name == "Pair of jokers"
    assert h("As Ad").category is Category.PAIR and h("As Ad").name == "Pair of aces"
    assert h("Ks Qd").category is Category.FACE and h("Ks Qd").name == "K-Q"
    assert h("Ts Kd").category is Category.POINTS and h("Ts Kd").name == "0 (high card K)"
    assert h("As 8d").name == "9 (high card 8)"
    assert h("2s As").name == "3 (high card 2)"


def test_r_spg_02_order_of_pairs_faces_and_points() -> None:
    pairs = [h(t) for t in ("Jk Jk", "As Ad", "Ks Kd", "Qs Qd", "Js Jd", "Ts Td", "9s 9d")]
    pairs += [h(f"{r}s {r}d") for r in "8765432"]
    faces = [h("Ks Qd"), h("Ks Jd"), h("Qs Jd")]
    points = [h("9s Kd"), h("9s Td"), h("As 8d"), h("2s 7d"), h("As 9d")]
    order = [x.strength for x in pairs + faces + points]
    assert order == sorted(order, reverse=True)
    assert len(set(order)) == len(order)
    assert all(x.is_pair for x in pairs) and not any(x.is_pair for x in faces + points)


def test_r_spg_02_joker_pairs_only_with_the_other_joker() -> None:
    for other in DECK[:52]:
        hand = CardHand.of(parse_cards("Jk1")[0], other)
        assert hand.category is Category.POINTS


def test_tc_75_pair_of_jacks_beats_king_queen() -> None:
    assert h("Jc Jd").strength > h("Ks Qd").strength
    r = compare_card_settings(s("Ks Qd / 2c 3c"), s("Jc Jd / 2d 3d"))
    assert r.high is Side.DEALER


def test_tc_77_king_beats_ten_on_equal_nines() -> None:
    assert h("9s Kd").strength > h("9h Tc").strength


def test_tc_78_ace_is_lowest_in_tie_breaks() -> None:
    assert h("As 8d").strength > h("2h 7c").strength


def test_tc_79_joker_ranks_as_its_value_in_tie_breaks() -> None:
    assert h("Jk 6d").strength < h("9s Th").strength


def test_tc_80_jokers_are_the_highest_pair() -> None:
    assert h("Jk Jk").strength > h("As Ah").strength
    assert h("Jk Jk").strength == max(max(row) for row in STRENGTH)


def test_r_spg_04_suits_never_matter_copies_are_equal() -> None:
    assert h("9s Kd").strength == h("9h Kc").strength
    assert h("Jk1 5s").strength == h("Jk2 5d").strength


def test_r_spg_02_to_04_all_1431_hands_rank_as_card_hand_key() -> None:
    """Every one of the C(54,2) = 1,431 hands: strength orders and ties as card_hand_key."""
    assert len(ALL_HANDS) == 1431
    strength = {hand: CardHand.of(*hand).strength for hand in ALL_HANDS}
    key = {hand: card_hand_key(*hand) for hand in ALL_HANDS}
    by_key = sorted(ALL_HANDS, key=lambda x: key[x])
    for a, b in itertools.pairwise(by_key):
        assert (key[a] == key[b]) == (strength[a] == strength[b]), (a, b)
        assert strength[a] <= strength[b], (a, b)
    assert len(set(strength.values())) == len(set(key.values()))


def test_strength_table_is_symmetric_over_rank_types() -> None:
    assert len(STRENGTH) == N_TYPES and all(len(row) == N_TYPES for row in STRENGTH)
    for a, b in itertools.product(range(N_TYPES), repeat=2):
        assert STRENGTH[a][b] == STRENGTH[b][a]
    assert sum(COPIES) == 54
    assert [sum(rank_type(c) == t for c in DECK) for t in range(N_TYPES)] == list(COPIES)


def test_hand_order_and_identity() -> None:
    a, b = parse_cards("Ks 9d")
    assert CardHand.of(a, b) == CardHand.of(b, a)
    assert CardHand.of(b, a).cards == (a, b)
    assert str(h("6d Jk")) == "6d Jk1"
    with pytest.raises(InvalidSettingError):
        CardHand.of(a, a)
    with pytest.raises(ParseError):
        CardHand.parse("Ks Qd 2c")


# --- R-SPG-05: the zero rule, both readings ---------------------------------------------------


def test_tc_76_zero_low_goes_to_the_dealer() -> None:
    for rules in (NJ, NJ_LITERAL):
        r = compare_card_settings(s("9s 9d / Ts Kd"), s("2c 3c / Ac 9h"), rules)
        assert r.low is Side.DEALER and r.high is Side.PLAYER and r.result is Outcome.PUSH


def test_r_spg_05_zero_low_loses_even_against_a_lower_zero() -> None:
    assert not player_wins_spg_hand(h("Ks Td").strength, h("2c 8c").strength, low=True)
    assert player_wins_spg_hand(h("Ks Td").strength, h("2c 8c").strength, low=False)
    no_rule = SpgRules(low_zero_loses=False)
    assert player_wins_spg_hand(h("Ks Td").strength, h("2c 8c").strength, low=True, rules=no_rule)


@pytest.mark.parametrize("low", ["Ts Td", "Ks Kd", "5s 5d", "Ks Qd", "Qs Jd", "Js Jd"])
def test_r_spg_05_literal_reading_also_catches_pairs_and_faces_worth_zero(low: str) -> None:
    player, dealer = s(f"Jk Jk / {low}"), s("As Ad / 2c 3c")
    assert compare_card_settings(player, dealer, NJ).result is Outcome.WIN
    r = compare_card_settings(player, dealer, NJ_LITERAL)
    assert r.low is Side.DEALER and r.result is Outcome.PUSH


def test_r_spg_05_readings_on_every_low_hand() -> None:
    """All 1,431 low hands: the default reading is paigow.games.cards.cards.player_wins_card_hand;
    the literal one makes the low lose exactly when the cards count 0 in total."""
    rng = random.Random(5)
    for hand in ALL_HANDS:
        ch = CardHand.of(*hand)
        assert is_zero_low(ch.strength) == (card_hand_key(*hand)[:2] == (0, 0))
        assert is_zero_low(ch.strength, literal=True) == (card_points(*hand) == 0)
        for other in rng.sample(ALL_HANDS, 25):
            d = CardHand.of(*other).strength
            assert player_wins_spg_hand(ch.strength, d, low=True) == player_wins_card_hand(
                hand, other, low_hand=True
            )
            literal = card_hand_key(*hand) > card_hand_key(*other) and card_points(*hand) != 0
            assert player_wins_spg_hand(ch.strength, d, low=True, rules=NJ_LITERAL) == literal


def test_rules_names() -> None:
    assert NJ.name == "nj" and NJ_LITERAL.name == "nj-literal-zero"
    assert SpgRules(low_zero_loses=False).name == "no-zero-rule"


# --- R-SPG-20/21: settings and fouls (TC-73, TC-74, AMB-41) -----------------------------------


def test_tc_73_equal_hands_are_a_valid_setting() -> None:
    setting = s("7s 7h / 7d 7c")
    assert not is_foul(setting) and not setting.is_foul
    assert setting.high.strength == setting.low.strength


def test_tc_73_king_queen_over_a_pair_of_sevens_is_a_foul_and_loses() -> None:
    with pytest.raises(InvalidSettingError, match="R-SPG-21"):
        s("Ks Qs / 7d 7c")
    fouled = s("Ks Qs / 7d 7c", allow_foul=True)
    assert is_foul(fouled)
    dealer = s("Ac 4h / 3c 2d")
    r = compare_card_settings(fouled, dealer)
    assert (r.result, r.high, r.low) == (Outcome.LOSE, Side.DEALER, Side.DEALER)
    assert compare_card_settings(s("7d 7c / Ks Qs"), dealer).result is Outcome.WIN


def test_tc_74_three_card_high_and_one_card_low_is_a_foul() -> None:
    assert is_foul_split(parse_cards("Ks Qd 7h"), parse_cards("7c"))
    assert is_foul_split(parse_cards("Ks"), parse_cards("Qd 7h 7c"))
    with pytest.raises(InvalidSettingError, match=r"R-SPG-21\.3"):
        s("Ks Qd 7h / 7c")


def test_r_spg_21_foul_split_checks() -> None:
    assert is_foul_split(parse_cards("Ks Qs"), parse_cards("7d 7c"))
    assert not is_foul_split(parse_cards("7d 7c"), parse_cards("Ks Qs"))
    assert not is_foul_split(parse_cards("7d 7c"), parse_cards("7h 7s"))
    assert is_foul_split(parse_cards("7d 7c"), parse_cards("7d 7s"))  # a card twice


def test_dealer_foul_is_not_settled() -> None:
    with pytest.raises(InvalidSettingError, match="reset"):
        compare_card_settings(s("2c 3c / Ac 9h"), s("4s 2d / Ks Kd", allow_foul=True))


def test_setting_parse_forms_and_errors() -> None:
    assert s("Jk Jk | As Ad").same_cards(parse_cards("Jk1 Jk2 As Ad"))
    assert str(s("7h 7c / Qd Ks")) == "7c 7h / Ks Qd"
    with pytest.raises(ParseError):
        s("Ks Qd 7h 7c")
    with pytest.raises(InvalidSettingError):
        s("Ks Qd / Ks 7c")
    with pytest.raises(InvalidSettingError):
        CardSetting(h("Ks Qd"), h("Qd 7c"))
    assert s("7h 7c / Ks Qd").same_cards(parse_cards("7h Qd Ks 7c"))


# --- R-SPG-23: settlement ---------------------------------------------------------------------


def test_r_spg_23_win_push_lose_and_copies_to_the_dealer() -> None:
    player = s("9s Kd / 8s Qd")
    assert compare_card_settings(player, s("9h Tc / 8h Jc")).result is Outcome.WIN
    assert compare_card_settings(player, s("9h Kc / 8h Jc")).result is Outcome.PUSH  # copy
    r = compare_card_settings(player, s("9h Kc / 8h Qc"))  # two copies
    assert (r.result, r.high, r.low) == (Outcome.LOSE, Side.DEALER, Side.DEALER)


def test_card_settings_of_gives_the_three_splits_better_hand_high() -> None:
    cards = parse_cards("Ks Qd 7h 7c")
    options = card_settings_of(cards)
    assert [str(o) for o in options] == ["7c 7h / Ks Qd", "Ks 7h / Qd 7c", "Ks 7c / Qd 7h"]
    assert not any(is_foul(o) for o in options)
    assert all(o.same_cards(cards) for o in options)
    assert card_settings_of("Ks Qd 7h 7c") == options
    with pytest.raises(InvalidSettingError):
        card_settings_of(parse_cards("Ks Qd 7h"))
    with pytest.raises(InvalidSettingError):
        card_settings_of(parse_cards("Ks Qd 7h Ks"))


def test_every_split_of_random_hands_is_valid() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        cards: list[Card] = rng.sample(DECK, 4)
        for o in card_settings_of(cards):
            assert o.high.strength >= o.low.strength
            assert not is_foul_split(o.high.cards, o.low.cards)
