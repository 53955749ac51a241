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
# (August 2026: Wilds of Eldraine to Star Trek, after the banned list of 10 August 2026), each played by two of the
# eight players.
DEMO_STANDARD_DECKLISTS = (
    """4 Emberheart Challenger
4 Manifold Mouse
4 Burst Lightning
4 Shock
4 Slickshot Show-Off
4 Hired Claw
4 Razorkin Needlehead
4 Sunspine Lynx
4 Lightning Strike
4 Rockface Village
20 Mountain
""",
    """4 Warden of the Inner Sky
4 Resolute Reinforcements
4 Valley Questcaller
4 Salvation Swan
4 Seasoned Warrenguard
4 Intrepid Rabbit
4 Brightblade Stoat
4 Repel Calamity
4 Elspeth's Smite
24 Plains
""",
    """4 Llanowar Elves
4 Sentinel of the Nameless City
4 Mossborn Hydra
4 Innkeeper's Talent
4 Bushwhack
4 Overprotect
4 Pawpatch Recruit
4 Tifa Lockhart
4 Mightform Harmonizer
24 Forest
""",
    """4 Bloodthirsty Conqueror
4 Vein Ripper
4 Preacher of the Schism
4 Deep-Cavern Bat
4 Tinybones, the Pickpocket
4 Duress
4 Feed the Swarm
4 Fell
4 Starscape Cleric
24 Swamp
""",
)
