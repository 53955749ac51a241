"""The one URL converter for ids in paths: `<id:pk>`, 1 to 18 digits.

Every id fits a database bigint: a longer one is no page (404) rather than an overflow in the database (a 500).
Importing this module registers the converter; each urls.py that writes `<id:...>` imports it first.
drf-spectacular documents it as an integer (SPECTACULAR_SETTINGS["PATH_CONVERTER_OVERRIDES"]["id"]).
"""

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")
