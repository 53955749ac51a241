from django.apps import AppConfig


class BenchmarksConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "benchmarks"
