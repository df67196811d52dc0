"""What a secret holds wherever the table may not see it: a field of Game.public(state),
an argument in the log, the export, a spoken step (companion.speech). Its own module,
so the games and the speech both take it from below, neither from the other."""

SECRET = "(secret)"
