"""Writes of the tournaments app. Views, admin actions, API views and tasks call these; nothing else writes."""
