"""compare.standings_compare (pure): published figures compared at the precision the file publishes them with
(issue 46: float noise is no difference), and each difference named by the convention that explains it."""

from fractions import Fraction

from eventfile.compare import published_precision, standings_compare


def _hydra(**figures):
    base = {
        "rank": 1,
        "points": 3,
        "wins": 1,
        "losses": 0,
        "draws": 0,
        "OMW%": Fraction(1, 3),
        "GW%": Fraction(2, 3),
        "OGW%": Fraction(1, 3),
    }
    return {"Ann": {**base, **figures}}


def _row(**figures):
    return {"Rank": 1, "Player": "Ann", "Points": 3, "Wins": 1, "Losses": 0, "Draws": 0, **figures}


def test_the_precision_is_the_file_s_own_and_float_noise_is_not_one():
    assert published_precision([_row(OMWP=0.3333, GWP=0.6667, OGWP=0.5)]) == 4
    assert published_precision([_row(OMWP=0.333333, GWP=0.6, OGWP=0.5)]) == 6
    assert published_precision([_row(OMWP=0.5700000000000001, GWP=0.6667, OGWP=0.5)]) == 4
    assert published_precision([_row(OMWP=0.3333333333333333, GWP=0.6666666666666666)]) == 6


def test_four_decimal_figures_equal_hydra_s_at_four_decimals():
    report = standings_compare(hydra=_hydra(), published=[_row(OMWP=0.3333, GWP=0.6667, OGWP=0.3333)])
    assert report["differences"] == [] and report["precision"] == 4


def test_float_noise_in_a_published_figure_is_no_difference():
    report = standings_compare(
        hydra=_hydra(**{"OMW%": Fraction(57, 100)}), published=[_row(OMWP=0.5700000000000001, GWP=0.6667, OGWP=0.3333)]
    )
    assert report["differences"] == []


def test_a_real_difference_is_given_at_the_published_precision_with_its_convention():
    hydra = _hydra(**{"OMW%": Fraction(33, 100)})
    floor = {"Ann": {**hydra["Ann"], "OMW%": Fraction(1, 3)}}
    report = standings_compare(
        hydra=hydra,
        published=[_row(OMWP=0.3333, GWP=0.6667, OGWP=0.3333)],
        conventions={"unfloored GW%": hydra, "the 1/3 floor": floor},
    )
    assert report["differences"] == [
        {"player": "Ann", "figure": "OMW%", "hydra": 0.33, "published": 0.3333, "explained_by": "the 1/3 floor"}
    ]
    assert report["by_convention"] == {"the 1/3 floor": 1} and report["explained"] == 1


def test_a_difference_no_convention_gives_is_left_unexplained():
    report = standings_compare(
        hydra=_hydra(wins=2),
        published=[_row(OMWP=0.3333, GWP=0.6667, OGWP=0.3333)],
        conventions={"the 1/3 floor": _hydra(wins=2)},
    )
    assert report["differences"] == [
        {"player": "Ann", "figure": "wins", "hydra": 2, "published": 1, "explained_by": ""}
    ]
    assert report["explained"] == 0
