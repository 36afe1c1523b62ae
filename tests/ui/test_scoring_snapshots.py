"""Snapshots of the end-of-hand scoring and the game-over screen (fixed seeds, see scoring_data)."""

from __future__ import annotations

from .scoring_data import (escoba_hand, first_hand, game_over_app, hand_over_app, last_play_sweep, napola_hand,
                           played, tied_at_target)

SIZE = (80, 24)


def test_scoring_two_sides(snap_compare):
    assert snap_compare(hand_over_app(first_hand(2), 2), terminal_size=SIZE)


def test_scoring_three_sides_last_play_sweep(snap_compare):
    assert snap_compare(hand_over_app(last_play_sweep(), 3), terminal_size=SIZE)


def test_scoring_six_players(snap_compare):
    assert snap_compare(hand_over_app(first_hand(6), 6), terminal_size=SIZE)


def test_scoring_tied_at_the_target(snap_compare):
    score, target = tied_at_target()
    assert snap_compare(hand_over_app(score, 2, target=target), terminal_size=SIZE)


def test_scoring_french_deck(snap_compare):
    assert snap_compare(hand_over_app(first_hand(2), 2, deck="french"), terminal_size=SIZE)


def test_scoring_large_terminal(snap_compare):
    assert snap_compare(hand_over_app(first_hand(3, seed=8), 3), terminal_size=(160, 50))


def test_game_over_two_sides(snap_compare):
    assert snap_compare(game_over_app(played(2), 2), terminal_size=SIZE)


def test_game_over_six_players(snap_compare):
    assert snap_compare(game_over_app(played(6, seed=5), 6), terminal_size=SIZE)


def test_scoring_escoba(snap_compare):
    """Escoba with the Spanish deck: Oros, Velo, Setenta, Escobas (one on the deal), a tie for Oros."""
    assert snap_compare(hand_over_app(escoba_hand(), 2, deck="spanish", target=21), terminal_size=SIZE)


def test_scoring_scopone_napola(snap_compare):
    """Scopone scientifico with napola and re bello: a napola of 7 wins the game."""
    assert snap_compare(hand_over_app(napola_hand(), 4, game_over=True), terminal_size=SIZE)
