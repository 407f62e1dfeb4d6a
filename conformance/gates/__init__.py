"""The suite's own quality gates: the mutant engines (one planted mistake each) and the mutation
and option-discrimination runs that prove every rule area and option is tested."""
