"""The player portal's views, one module per concept (docs/architecture.md, "Views"); portal/urls.py and
config/urls.py route to each:

- `home`: My events and the event list; `events`: an event's public pages (overview, pairings, standings, bracket,
  draft tables) and a player's drop; `matches`: a match's page, report, confirm, dispute;
- `decklists`, `checkin`, `join`: a player's decklist, check-in, joining at the door;
- `multiplayer`: a multiplayer event's tables; `placeholders`: seat invitations and claim links;
- `accounts`: sign-up, the limited password reset, signing out; `languages`: the language menu;
- `app`: the installable app's files and the site's icon;
- `_common`: what the polling pages share (the live region, the floor).

Forms, selectors and the limits and hooks that are no views stay beside the package (portal/forms.py,
portal/selectors.py, portal/accounts.py, portal/languages.py).
"""
