"""The demo event's decklists (`make run`): three Modern decks per team, legal together under unified deck
construction (no nonbasic card more than four times across the team) with the bundled card data."""

DEMO_DECKLISTS = (
    """4 Lightning Bolt
4 Goblin Guide
4 Monastery Swiftspear
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Eidolon of the Great Revel
4 Boros Charm
4 Lightning Helix
4 Searing Blaze
4 Inspiring Vantage
4 Sacred Foundry
12 Mountain

Sideboard
3 Path to Exile
4 Kor Firewalker
4 Deflecting Palm
4 Skullcrack
""",
    """4 Llanowar Elves
4 Elvish Mystic
4 Heritage Druid
4 Nettle Sentinel
4 Elvish Archdruid
4 Dwynen's Elite
4 Collected Company
4 Ezuri, Renegade Leader
4 Elvish Visionary
4 Elvish Clancaller
20 Forest

Sideboard
4 Choke
4 Scavenging Ooze
4 Beast Within
3 Reclamation Sage
""",
    """4 Thoughtseize
4 Inquisition of Kozilek
4 Fatal Push
4 Dark Confidant
4 Gurmag Angler
4 Bloodghast
4 Liliana of the Veil
4 Kitesail Freebooter
4 Vampire Nighthawk
4 Go for the Throat
20 Swamp

Sideboard
4 Duress
4 Damnation
4 Surgical Extraction
3 Extirpate
""",
)
