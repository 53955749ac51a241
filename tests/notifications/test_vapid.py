"""The VAPID key is made once, whole: sending threads and processes that ask for it at the same moment on a fresh
set-up all sign with the one key (the CI run that found it: a thread read half a key file and its pushes failed)."""

from concurrent.futures import ThreadPoolExecutor

from notifications import vapid


def test_threads_asking_at_once_on_a_fresh_set_up_get_the_one_key(settings, tmp_path):
    settings.HYDRA_VAPID_PRIVATE_KEY = str(tmp_path / "vapid.pem")
    vapid.vapid_key.cache_clear()
    try:
        with ThreadPoolExecutor(max_workers=16) as pool:
            keys = list(pool.map(lambda _n: vapid.vapid_public_key(), range(64)))
        assert len(set(keys)) == 1
        assert (tmp_path / "vapid.pem").stat().st_mode & 0o777 == 0o600
        assert [p.name for p in tmp_path.iterdir()] == ["vapid.pem"]  # no draft left behind
    finally:
        vapid.vapid_key.cache_clear()


def test_two_makers_at_once_keep_the_first_key(settings, tmp_path):
    # Two processes making it at the same moment: the second finds the file made and keeps it.
    settings.HYDRA_VAPID_PRIVATE_KEY = str(tmp_path / "vapid.pem")
    first, made = vapid.vapid_keys_ensure()
    before = first.read_bytes()
    again, made_again = vapid.vapid_keys_ensure()
    assert (made, made_again) == (True, False) and again.read_bytes() == before
    vapid.vapid_key.cache_clear()
