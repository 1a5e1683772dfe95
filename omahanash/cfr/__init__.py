"""Games of imperfect information and the CFR family of solvers."""
