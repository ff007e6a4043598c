-- The farm's position for sunrise and sunset timer rules (issue 32, docs/product/sun-timers.md): degrees, north and
-- east positive, both null until the user sets one on /account.
ALTER TABLE "users" ADD COLUMN "latitude" double precision;
ALTER TABLE "users" ADD COLUMN "longitude" double precision;
