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

# The Friday Night Magic's decklists (`make run`): four Standard decks as Standard stood in the bundled card data
# (spring 2022), each played by two of the eight players.
DEMO_STANDARD_DECKLISTS = (
    """4 Play with Fire
4 Bloodthirsty Adversary
4 Voldaren Epicure
4 Fireblade Charger
4 Frost Bite
4 Kessig Flamebreather
4 Abrade
4 Cinderclasm
28 Mountain
""",
    """4 Thalia, Guardian of Thraben
4 Luminarch Aspirant
4 Elite Spellbinder
4 Intrepid Adversary
4 Adeline, Resplendent Cathar
4 Usher of the Fallen
4 Skyclave Apparition
4 Portable Hole
4 Fateful Absence
24 Plains
""",
    """4 Esika's Chariot
4 Old-Growth Troll
4 Ranger Class
4 Werewolf Pack Leader
4 Jaspera Sentinel
4 Tajuru Blightblade
4 Snakeskin Veil
4 Briarbridge Tracker
4 Ascendant Packleader
24 Forest
""",
    """4 Infernal Grasp
4 Power Word Kill
4 Duress
4 Tenacious Underdog
4 Dread Fugue
4 Invoke Despair
4 Eyetwitch
4 Village Rites
4 Champion of the Perished
24 Swamp
""",
)
