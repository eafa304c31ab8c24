-- Records whose id is a bearer secret (access and refresh tokens, authorization codes and the
-- provider's other token kinds) are kept by the SHA-256 of the value, never the value; their
-- payload no longer repeats it as `jti`. Rows written before are rewritten the same way.
UPDATE "oauth_records"
SET "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex'),
    "payload" = "payload" - 'jti'
WHERE "kind" IN (
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'RegistrationAccessToken',
  'ClientCredentials',
  'InitialAccessToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest'
);
