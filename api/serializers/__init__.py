"""Output shapes shared by several endpoints; shapes used by one view are nested in that view."""
