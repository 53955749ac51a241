"""common.converters: the one <id:...> converter every app's URLs use."""

import pytest
from django.urls import Resolver404, resolve, reverse


@pytest.mark.parametrize(
    "path",
    ["/events/7/", "/draft/table/7/", "/sealed/pool/7/", "/live/match/7/", "/api/v1/events/7/", "/ratings/players/7/"],
)
def test_an_id_of_up_to_18_digits_is_an_int(path):
    assert 7 in resolve(path).kwargs.values()
    assert 10**17 in resolve(path.replace("7", str(10**17))).kwargs.values()


@pytest.mark.parametrize(
    "path",
    [
        "/events/1234567890123456789/",
        "/draft/table/1234567890123456789/",
        "/sealed/pool/1234567890123456789/",
        "/live/match/1234567890123456789/",
    ],
)
def test_an_id_of_19_digits_is_no_page(path):
    with pytest.raises(Resolver404):
        resolve(path)


def test_reversing_writes_the_id():
    assert reverse("drafting:table", args=[42]) == "/draft/table/42/"
    assert reverse("portal:event", kwargs={"pk": 42}) == "/events/42/"
