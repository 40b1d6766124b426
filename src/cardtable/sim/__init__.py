"""Match runner, simulations and tournaments."""

from .runner import MatchPlan, MatchResult, play_match, run_plans
from .simulate import SimulationSummary, simulate

__all__ = ["MatchPlan", "MatchResult", "SimulationSummary", "play_match", "run_plans", "simulate"]
