"""The desk's writes. Every rule of the event is the tournaments, drafting and sharedgame services' own; these
services record the event day (check-in, announcements, log) and call those services for the rest, the round
clock's included (tournaments/services/clock.py)."""
