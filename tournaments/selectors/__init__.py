"""Reads of the tournaments app."""
