"""Migration cards/0006: a database that held cards before gets their colour identity and power/toughness from the
bundled card data, and a card the bundle doesn't know gets its identity worked out."""

import importlib

from django.apps import apps

from cards.models import Card

migration = importlib.import_module("cards.migrations.0006_card_commander_data")


def test_identity_fill_takes_the_bundles_data_and_works_out_the_rest(names):
    Card.objects.filter(name__in=["Bayou", "Krenko, Mob Boss"]).update(color_identity="", power="", toughness="")
    Card.objects.create(
        name="Hydra Test Hybrid", name_key="hydra test hybrid", mana_cost="{G/U}", text="{T}: Add {B}.", colors="GU"
    )
    migration.identity_fill(apps, None)
    rows = dict(
        (n, (c, p, t))
        for n, c, p, t in Card.objects.filter(name__in=["Bayou", "Krenko, Mob Boss", "Hydra Test Hybrid"]).values_list(
            "name", "color_identity", "power", "toughness"
        )
    )
    assert rows == {"Bayou": ("BG", "", ""), "Krenko, Mob Boss": ("R", "3", "3"), "Hydra Test Hybrid": ("UBG", "", "")}
