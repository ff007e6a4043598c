-- The user's electricity price (issue 11, docs/product/limits.md "Energy price"): per kWh in ten-thousandths of the
-- currency (hundredths of an öre or cent), both null until the user sets one.
ALTER TABLE "users" ADD COLUMN "energy_price_per_kwh" integer;
ALTER TABLE "users" ADD COLUMN "energy_price_currency" text;
