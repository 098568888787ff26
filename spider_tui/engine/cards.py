"""Cards as small integers, and their text forms.

A card is ``suit * 13 + rank - 1`` with ranks 1 (Ace) to 13 (King) and suits 0-3 in the order
spades, hearts, diamonds, clubs. Several identical cards exist in a multi-deck game; they are
simply equal integers. Keeping cards as ints keeps the engine fast enough to search.
"""

from __future__ import annotations

from .text import quoted

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_GLYPHS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
NUM_CARDS = 52
#: The most Ace-to-King sets a deck may hold (the variant files' limit): far beyond any real
#: game (the Spider family goes up to 16), small enough that nothing a file says can make the
#: game allocate or search without end.
MAX_SETS = 64

#: Lookup tables indexed by card code (faster than arithmetic in hot loops).
RANK = tuple(c % 13 + 1 for c in range(NUM_CARDS))
SUIT = tuple(c // 13 for c in range(NUM_CARDS))
RED = tuple(SUIT[c] in (HEARTS, DIAMONDS) for c in range(NUM_CARDS))


def card(rank: int, suit: int) -> int:
    """The code of the card of ``rank`` (1-13) and ``suit`` (0-3)."""
    if not 1 <= rank <= 13 or not 0 <= suit <= 3:
        raise ValueError(f"no card of rank {rank} and suit {suit}")
    return suit * 13 + rank - 1


def deck_cards(deck: tuple[int, ...] | list[int]) -> list[int]:
    """Every card of a deck of Ace-to-King sets of the suits ``deck`` names (one suit per set),
    in its fixed order: each set Ace to King, the sets in order."""
    return [s * 13 + r for s in deck for r in range(13)]


def rank(c: int) -> int:
    return RANK[c]


def suit(c: int) -> int:
    return SUIT[c]


def is_red(c: int) -> bool:
    return RED[c]


def code(c: int) -> str:
    """The two-character code used in files and notation: ``KS``, ``TH``, ``AD``."""
    return RANKS[RANK[c] - 1] + SUITS[SUIT[c]]


def glyph(c: int) -> str:
    """The form shown to a player: ``K♠``, ``10♥``, ``A♦``."""
    r = RANK[c]
    return ("10" if r == 10 else RANKS[r - 1]) + SUIT_GLYPHS[SUIT[c]]


def parse_suit(text: str) -> int:
    """A suit letter (``S H D C``, any case) or glyph to its number; ValueError names the bad
    text (any value: a number or a list is not a suit either)."""
    if not isinstance(text, str):
        raise ValueError(f"{quoted(text)} is not a suit (write S, H, D or C)")
    t = text.strip().upper()
    if len(t) == 1:
        if t in SUITS:
            return SUITS.index(t)
        if t in SUIT_GLYPHS:
            return SUIT_GLYPHS.index(t)
    raise ValueError(f"{quoted(text)} is not a suit (write S, H, D or C)")


def parse_card(text: str) -> int:
    """``KS``, ``10h``, ``th``, ``K♠`` to a card code; ValueError names the bad text."""
    if not isinstance(text, str):
        raise ValueError(f"{quoted(text)} is not a card code (a string such as 'KS' or '10H')")
    t = text.strip().upper()
    if len(t) >= 2:
        r_text, s_text = t[:-1], t[-1]
        if r_text == "10":
            r_text = "T"
        if len(r_text) == 1 and r_text in RANKS:
            try:
                return card(RANKS.index(r_text) + 1, parse_suit(s_text))
            except ValueError:
                pass
    raise ValueError(
        f"{quoted(text)} is not a card (ranks A 2-9 T J Q K, 10 also accepted; suits S H D C)"
    )


def run_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(glyph(c) for c in cards)
