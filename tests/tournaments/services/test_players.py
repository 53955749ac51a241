"""player_register: a login and its player profile, both or neither."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tests.factories import UserFactory
from tournaments.models import Player
from tournaments.services.players import player_register

pytestmark = pytest.mark.django_db


def test_player_register_creates_user_and_player_with_a_usable_password():
    player = player_register(
        username=" kai ", name=" Kai Ito ", email="kai@example.org", password="a long pass phrase 42"
    )
    assert (player.user.username, player.name) == ("kai", "Kai Ito")
    assert player.user.check_password("a long pass phrase 42")


@pytest.mark.parametrize(
    ("username", "email", "field"), [("KAI", "new@example.org", "username"), ("new", "KAI@example.org", "email")]
)
def test_player_register_taken_username_or_email_writes_nothing(username, email, field):
    UserFactory(username="kai", email="kai@example.org")
    with pytest.raises(ValidationError) as caught:
        player_register(username=username, name="X", email=email, password="a long pass phrase 42")
    assert field in caught.value.message_dict
    assert get_user_model().objects.count() == 1 and not Player.objects.exists()
