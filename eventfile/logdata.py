"""The ids in a log entry's `data`, written in the event file as what they name (issue 39): a team by name, a match by
round and table, a player by name, a pod by number, a sealed pool by its team, a penalty by its place in the file's
`penalties`, a person by username. An import turns them back into its own ids where it has the thing (a person
stays a username: a file names no account of this Hydra). Pure: the maps in, the data out.
"""

from collections.abc import Mapping

from tournaments.models.log import FROM_FILE

# The data key -> the kind of thing its id names (the keys of the maps below).
ID_KEYS = {
    "team": "team",
    "match": "match",
    "player": "player",
    "pod": "pod",
    "pool": "pool",
    "penalty_id": "penalty",
    "user": "user",
}


def log_data_out(data, maps: Mapping[str, Mapping]) -> dict:
    """The entry's data for the file: each id of ID_KEYS as what `maps[kind]` writes for it (ids the event doesn't
    hold, e.g. of a deleted record, stay as they are); the import's FROM_FILE left out (the file has it in `user`
    and `actor`)."""
    if not isinstance(data, dict):
        return data
    out = {k: v for k, v in data.items() if k != FROM_FILE}
    for key, kind in ID_KEYS.items():
        value = out.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value in maps.get(kind, {}):
            out[key] = maps[kind][value]
    return out


def log_data_in(data: dict, maps: Mapping[str, Mapping]) -> dict:
    """The file's data of an entry with this event's ids again where `maps[kind]` (what the file writes -> id) has
    them; what it doesn't name stays as the file wrote it."""
    out = dict(data)
    for key, kind in ID_KEYS.items():
        value = out.get(key)
        if isinstance(value, dict):
            value = (value.get("round"), value.get("table"))
        if isinstance(value, str):
            value = value.lower()
        try:
            found = maps.get(kind, {}).get(value)
        except TypeError:  # a list or another unhashable value: not an id this event has
            found = None
        if found is not None:
            out[key] = found
    return out
