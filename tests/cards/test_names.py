"""Name normalisation and the in-memory name index, without the database."""

from cards.names import KIND_FACE, KIND_NAME, KIND_PRINTED, CardNameIndex, name_key


def test_name_key_folds_case_accents_quotes_and_separators():
    assert name_key("Lim-Dûl’s  Vault ") == name_key("lim-dul's vault")
    assert name_key("Æther Vial") == "aether vial"
    assert name_key("Fire/Ice") == name_key("Fire  //  Ice") == "fire // ice"


def test_name_key_keeps_non_latin_letters_distinct():
    # The dakuten turns ト into ド; dropping it would merge two Japanese names.
    assert name_key("ドゥール") != name_key("トゥール")
    assert name_key("Й") == "й"


def test_index_priority_english_before_face_before_printed():
    index = CardNameIndex(
        [
            ("Bind", KIND_NAME, "Bind"),
            ("Bind", KIND_FACE, "Bind // Liberate"),
            ("Bind", KIND_PRINTED, "Something Else"),
            ("Liberate", KIND_FACE, "Bind // Liberate"),
        ]
    )
    assert index.resolve("bind").english == "Bind"
    assert index.resolve("LIBERATE").english == "Bind // Liberate"
    assert index.resolve("Unknown").english is None
    assert index.resolve("Unknown").candidates == ()


def test_index_ambiguous_printed_name_lists_candidates():
    index = CardNameIndex(
        [
            ("Acelerar", KIND_PRINTED, "Quicken"),
            ("Acelerar", KIND_PRINTED, "Accelerate"),
        ]
    )
    resolution = index.resolve("acelerar")
    assert resolution.english is None
    assert resolution.candidates == ("Accelerate", "Quicken")


def test_index_suggest_shows_english_for_printed_names():
    index = CardNameIndex(
        [("Lightning Bolt", KIND_NAME, "Lightning Bolt"), ("Blitzschlag", KIND_PRINTED, "Lightning Bolt")]
    )
    assert index.suggest("Lightnin Bolt") == ["Lightning Bolt"]
    assert index.suggest("Blitzschalg") == ["Blitzschlag (Lightning Bolt)"]
    assert index.suggest("zzzzzz") == []


def test_name_key_drops_invisible_characters_from_web_pages():
    assert name_key("Lightning\u200b Bolt\u00a0") == name_key("lightning bolt")
