-- The duplicates' bounded blocking keys (docs/duplicates.md 'Candidates'): the patient (initials within one edit,
-- sex, age ± 1) and the reaction (a PT's LLTs with an onset ± 30 days), each answered by an index range.
CREATE INDEX "event_rams_llt_date_idx" ON "event_rams" USING btree ("llt_code","date_start","event_id") WHERE "event_rams"."date_start" is not null;--> statement-breakpoint
CREATE INDEX "event_patients_initials_gender_age_idx" ON "event_patients" USING btree (upper("initials"),"gender","age");