"""Print makemessages' and compilemessages' -l options for every language Hydra ships (settings.LANGUAGES but
English, as locale names: pt-br -> pt_BR, zh-hans -> zh_Hans), so `make messages` never forgets one
(docs/translating.md)."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.utils.translation import to_locale  # noqa: E402

print(" ".join(f"-l {to_locale(code)}" for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE))
