"""Commander's colour identity, and the front face's power and toughness, on every card (docs/cards.md, "Commander
decks").

A database that holds cards already gets them from the bundled card data (cards/data/cards.json.xz, which carries
the data's own colour identity since bundle version 3), without the internet; a card the bundle doesn't know (an
import of newer data) is worked out from its colours, costs, rules text and land types
(`cards.importer.color_identity_from_card`) until its data is imported again.
"""
from pathlib import Path

from django.db import migrations, models

from cards import importer
from cards.importer import color_identity_from_card, read_card_data

BUNDLE_PATH = Path(importer.__file__).resolve().parent / "data" / "cards.json.xz"

_BATCH = 2000


def identity_fill(apps, schema_editor):
    Card = apps.get_model("cards", "Card")
    if not Card.objects.exists():
        return
    bundled = {r.name: r for r in read_card_data(BUNDLE_PATH).cards}
    fields = ["color_identity", "power", "toughness"]
    batch = []
    for card in Card.objects.only("id", "name", "colors", "mana_cost", "text", "type_line").iterator():
        record = bundled.get(card.name)
        if record is not None:
            card.color_identity, card.power, card.toughness = record.color_identity, record.power, record.toughness
        else:
            card.color_identity = color_identity_from_card(
                colors=card.colors, mana_cost=card.mana_cost, text=card.text, type_line=card.type_line)
        batch.append(card)
        if len(batch) >= _BATCH:
            Card.objects.bulk_update(batch, fields)
            batch = []
    Card.objects.bulk_update(batch, fields)


class Migration(migrations.Migration):

    dependencies = [
        ("cards", "0005_import_formats_by"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="color_identity",
            field=models.CharField(
                blank=True, help_text="Commander's colour identity in WUBRG order: \"UR\"; empty: colourless.",
                max_length=5, verbose_name="colour identity"),
        ),
        migrations.AddField(
            model_name="card",
            name="power",
            field=models.CharField(blank=True, help_text="The front face's, as printed.", max_length=10, verbose_name="power"),
        ),
        migrations.AddField(
            model_name="card",
            name="toughness",
            field=models.CharField(blank=True, help_text="The front face's, as printed.", max_length=10, verbose_name="toughness"),
        ),
        migrations.RunPython(identity_fill, migrations.RunPython.noop),
    ]
