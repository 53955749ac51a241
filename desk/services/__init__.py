"""The desk's writes. Every rule of the event is the tournaments, drafting and sharedgame services' own; these
services record the event day (clock, check-in, announcements, log) and call those services for the rest."""
