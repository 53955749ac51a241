import hashlib
import hmac

from webhooks.signing import signature_for, signature_valid


def test_signature_is_hmac_sha256_of_timestamp_dot_body():
    body = b'{"topic":"round.paired"}'
    expected = hmac.new(b"s3cret", b"1700000000." + body, hashlib.sha256).hexdigest()
    assert signature_for(secret="s3cret", timestamp=1700000000, body=body) == f"sha256={expected}"


def test_signature_valid_refuses_other_body_secret_and_old_timestamp():
    body = b"{}"
    signature = signature_for(secret="k", timestamp=1000, body=body)
    assert signature_valid(secret="k", timestamp="1000", body=body, signature=signature, now=1010)
    assert not signature_valid(secret="k", timestamp="1000", body=b"{ }", signature=signature, now=1010)
    assert not signature_valid(secret="other", timestamp="1000", body=body, signature=signature, now=1010)
    assert not signature_valid(secret="k", timestamp="1000", body=body, signature=signature, now=1000 + 301)
    assert not signature_valid(secret="k", timestamp="soon", body=body, signature=signature, now=1000)
