ALTER TABLE "user_laboratories" DROP CONSTRAINT "user_laboratories_user_laboratory_country_unique";--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_id_country_unique" UNIQUE("id","country_id");--> statement-breakpoint
ALTER TABLE "laboratories" ADD CONSTRAINT "laboratories_id_company_country_unique" UNIQUE("id","company_id","country_id");--> statement-breakpoint
-- Existing laboratory grants carry their laboratory's company and country (hand-written).
UPDATE "user_laboratories" AS ul SET "company_id" = l."company_id", "country_id" = l."country_id" FROM "laboratories" AS l WHERE l."id" = ul."laboratory_id";--> statement-breakpoint
-- A laboratory granted twice (once with another country) is kept once (hand-written).
DELETE FROM "user_laboratories" AS ul USING "user_laboratories" AS older WHERE ul."laboratory_id" IS NOT NULL AND older."user_id" = ul."user_id" AND older."laboratory_id" = ul."laboratory_id" AND older."id" < ul."id";--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_laboratory_of_company_fk" FOREIGN KEY ("laboratory_id","company_id","country_id") REFERENCES "public"."laboratories"("id","company_id","country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_company_of_country_fk" FOREIGN KEY ("company_id","country_id") REFERENCES "public"."companies"("id","country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_laboratories_company_id_index" ON "user_laboratories" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_user_target_unique" UNIQUE NULLS NOT DISTINCT("user_id","laboratory_id","company_id","country_id");--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_kind" CHECK (("user_laboratories"."laboratory_id" is null or "user_laboratories"."company_id" is not null) and ("user_laboratories"."company_id" is null or "user_laboratories"."country_id" is not null));
