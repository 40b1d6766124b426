"""The option names of Last Card's seven house rules, for the tests that turn them on."""

HOUSE = (
    "jump_in",
    "seven_zero",
    "draw_until_playable",
    "challenge_plus_four",
    "catch_missed_call",
    "strict_plus_four",
    "forced_play_drawn",
)
