CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation_type" char(1) NOT NULL,
	"pk_id" text,
	"reference_number" text,
	"metadata" text,
	"instance" text NOT NULL,
	"table_name" text,
	"user_id" uuid,
	"date_utc" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb,
	CONSTRAINT "audit_log_operation_type" CHECK ("audit_log"."operation_type" in ('I', 'U', 'D')),
	CONSTRAINT "audit_log_instance" CHECK ("audit_log"."instance" in ('ER', 'Usuarios', 'Configuracion', 'Parametros'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "laboratories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"company_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "laboratories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"laboratory_id" integer NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "lines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "imputability_answers" (
	"evaluation_id" integer NOT NULL,
	"question" smallint NOT NULL,
	"answer" smallint DEFAULT 0 NOT NULL,
	"score" smallint DEFAULT 0 NOT NULL,
	"read_by_fabricante" boolean DEFAULT false NOT NULL,
	"reviewed_by_fabricante" boolean DEFAULT false NOT NULL,
	"read_by_qppv" boolean DEFAULT false NOT NULL,
	"reviewed_by_qppv" boolean DEFAULT false NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "imputability_answers_evaluation_id_question_pk" PRIMARY KEY("evaluation_id","question"),
	CONSTRAINT "imputability_answers_question" CHECK ("imputability_answers"."question" between 1 and 10),
	CONSTRAINT "imputability_answers_answer" CHECK ("imputability_answers"."answer" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "imputability_evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"total" smallint DEFAULT 0 NOT NULL,
	"result" text,
	"qppv_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "imputability_evaluations_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "event_medication_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_medication_id" integer NOT NULL,
	"active_ingredient_id" integer NOT NULL,
	"concentration" numeric,
	"unit_id" integer
);
--> statement-breakpoint
CREATE TABLE "event_medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"line_id" integer,
	"line_id2" integer,
	"laboratory_id" integer NOT NULL,
	"pharmaceutical_form_id" integer,
	"lot_number" text,
	"indication" text,
	"date_start" date,
	"date_end" date,
	"route_id" integer,
	"frequency_type_id" integer,
	"frequency_hours" numeric,
	"dose" numeric,
	"use_unit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "product_recoveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_medication_id" integer NOT NULL,
	"have_product" boolean DEFAULT false NOT NULL,
	"date" date,
	"date_expiration" date,
	"contact_name" text,
	"contact_address" text,
	"place_manufacture" text,
	"condition_storage" text,
	"state_cons_first" text,
	"amount_comp" text,
	"name_fun" text,
	"state_cons_second" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "product_recoveries_event_medication_id_unique" UNIQUE("event_medication_id")
);
--> statement-breakpoint
CREATE TABLE "event_ram_categories" (
	"ram_id" integer NOT NULL,
	"ram_category_id" integer NOT NULL,
	CONSTRAINT "event_ram_categories_ram_id_ram_category_id_pk" PRIMARY KEY("ram_id","ram_category_id")
);
--> statement-breakpoint
CREATE TABLE "event_rams" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"llt_code" integer,
	"llt_name" text,
	"description" text NOT NULL,
	"evolution" smallint,
	"medication_action_id" integer,
	"is_expected" boolean,
	"is_ram" boolean DEFAULT true NOT NULL,
	"ram_type_id" integer,
	"date_start" date,
	"date_end" date,
	"dose_reduction" boolean,
	"considerations" text,
	"concentration" numeric,
	"unit_id" integer,
	"frequency_hours" numeric,
	"quantity" numeric,
	"use_unit_id" integer,
	"quality_claim" boolean DEFAULT false NOT NULL,
	"death" boolean DEFAULT false NOT NULL,
	"life_threatening" boolean DEFAULT false NOT NULL,
	"hospitalization_required" boolean DEFAULT false NOT NULL,
	"hospitalization_date_start" date,
	"hospitalization_date_end" date,
	"persisted_hospitalization" boolean DEFAULT false NOT NULL,
	"transitory_disability" boolean DEFAULT false NOT NULL,
	"persistent_disability" boolean DEFAULT false NOT NULL,
	"congenital_anomaly" boolean DEFAULT false NOT NULL,
	"another_condition" boolean DEFAULT false NOT NULL,
	"is_serious" boolean GENERATED ALWAYS AS (death or life_threatening or hospitalization_required or persisted_hospitalization or transitory_disability or persistent_disability or congenital_anomaly or another_condition) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "ram_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"ram_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date,
	"channel_id" integer,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "ram_notifications_ram_id_kind_unique" UNIQUE("ram_id","kind"),
	CONSTRAINT "ram_notifications_kind" CHECK ("ram_notifications"."kind" in ('local', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "event_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"comment" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"type_id" integer,
	"note" text NOT NULL,
	"file_id" uuid,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "event_origins" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"have" boolean DEFAULT false NOT NULL,
	"not_have" text,
	"origin_id" integer,
	"receiver_id" integer,
	"type_id" integer,
	"from_literature" boolean DEFAULT false NOT NULL,
	"bibliographic_reference" text,
	"origin_country_id" integer,
	"study_name" text,
	"study_type" text,
	"study_registration_number" text,
	"sponsor_number" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "event_patients" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"initials" text NOT NULL,
	"age" numeric,
	"age_unit" text,
	"height" numeric,
	"height_unit_id" integer,
	"weight" numeric,
	"weight_unit_id" integer,
	"gender" char(1),
	"pregnancy" boolean,
	"gestation" smallint,
	"lactation" boolean,
	"country_id" integer,
	"state" text,
	"residence_id" integer,
	"medical_institution" text,
	"medical_conditions" text,
	"allergies" text,
	"contact_allow" boolean,
	"relationship_id" integer,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "follow_up_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"reference_number" text NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	CONSTRAINT "follow_up_reports_reference_number_unique" UNIQUE("reference_number"),
	CONSTRAINT "follow_up_reports_event_id_sequence_unique" UNIQUE("event_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "medical_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"contacted" boolean DEFAULT false NOT NULL,
	"contact_date" date,
	"doctor_name" text,
	"profession" text,
	"doctor_email" text,
	"doctor_phone" text,
	"intervention" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "medical_contacts_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "previous_medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"medication" text NOT NULL,
	"type_id" integer,
	"date_start" date,
	"date_end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meta" text NOT NULL,
	"reference_number" text NOT NULL,
	"status" smallint NOT NULL,
	"group_id" integer NOT NULL,
	"sub_group_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"is_ram" boolean DEFAULT false NOT NULL,
	"home_report_id" uuid,
	"home_reference_number" text,
	"additional_information" text,
	"administered_medications_text_a" text,
	"administered_medications_text_b" text,
	"medical_contact" boolean,
	"parent_event_id" uuid,
	"is_historic" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "events_meta_unique" UNIQUE("meta"),
	CONSTRAINT "events_reference_number_unique" UNIQUE("reference_number")
);
--> statement-breakpoint
CREATE TABLE "reference_sequences" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reference_sequences_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "operation_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"operation_type" char(1) NOT NULL,
	"comment" text,
	CONSTRAINT "operation_history_operation_type" CHECK ("operation_history"."operation_type" in ('I', 'U', 'D'))
);
--> statement-breakpoint
CREATE TABLE "operation_history_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"description" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"is_file" boolean DEFAULT false NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "pdf_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_report_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"home_report_id" uuid NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"comment" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_medic" boolean NOT NULL,
	"country_id" integer NOT NULL,
	"sub_group_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"patient_sex" char(1),
	"is_serious" boolean DEFAULT false NOT NULL,
	"accepts_contact" boolean DEFAULT false NOT NULL,
	"reporter_user_id" uuid,
	"entered_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "home_reports_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "captcha_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"name_es" text NOT NULL,
	"tooltip_es" text NOT NULL,
	"font_awesome_icon" text NOT NULL,
	"menu" text,
	"sort_order" integer NOT NULL,
	CONSTRAINT "menu_items_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by_id" uuid,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "role_menu_items" (
	"role_id" smallint NOT NULL,
	"menu_item_id" integer NOT NULL,
	CONSTRAINT "role_menu_items_role_id_menu_item_id_pk" PRIMARY KEY("role_id","menu_item_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"home_url" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_laboratories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"laboratory_id" integer,
	"country_id" integer,
	CONSTRAINT "user_laboratories_user_laboratory_country_unique" UNIQUE NULLS NOT DISTINCT("user_id","laboratory_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" smallint NOT NULL,
	"country_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"speciality_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"accept_terms" boolean DEFAULT false NOT NULL,
	"accept_terms_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "import_tables" (
	"import_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"status" char(1) DEFAULT 'P' NOT NULL,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"inserted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "import_tables_import_id_table_name_pk" PRIMARY KEY("import_id","table_name")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_import" text NOT NULL,
	"kind" text NOT NULL,
	"meddra_version" text,
	"file_name" text,
	"user_id" uuid NOT NULL,
	"date_start" timestamp with time zone DEFAULT now() NOT NULL,
	"date_end" timestamp with time zone,
	"status" char(1) DEFAULT 'P' NOT NULL,
	"percentage" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "imports_code_import_unique" UNIQUE("code_import"),
	CONSTRAINT "imports_kind" CHECK ("imports"."kind" in ('meddra', 'data')),
	CONSTRAINT "imports_status" CHECK ("imports"."status" in ('E', 'D', 'C', 'S', 'P'))
);
--> statement-breakpoint
CREATE TABLE "event_metric_alerts" (
	"event_id" uuid NOT NULL,
	"metric_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"met_at" timestamp with time zone,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_metric_alerts_event_id_metric_id_pk" PRIMARY KEY("event_id","metric_id"),
	CONSTRAINT "event_metric_alerts_state" CHECK ("event_metric_alerts"."state" in ('pending', 'met', 'late', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"metrica_id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"siglas" text NOT NULL,
	"tiempo_id" smallint NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"from_milestone" text NOT NULL,
	"to_milestone" text NOT NULL,
	"serious" boolean,
	CONSTRAINT "metrics_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "time_options" (
	"id" smallint PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "time_options_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "meddra_hlgt" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_hlgt_hlt" (
	"hlgt_code" integer NOT NULL,
	"hlt_code" integer NOT NULL,
	CONSTRAINT "meddra_hlgt_hlt_hlgt_code_hlt_code_pk" PRIMARY KEY("hlgt_code","hlt_code")
);
--> statement-breakpoint
CREATE TABLE "meddra_hlt" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_hlt_pt" (
	"hlt_code" integer NOT NULL,
	"pt_code" integer NOT NULL,
	CONSTRAINT "meddra_hlt_pt_hlt_code_pt_code_pk" PRIMARY KEY("hlt_code","pt_code")
);
--> statement-breakpoint
CREATE TABLE "meddra_llt" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pt_code" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_pt" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"primary_soc_code" integer
);
--> statement-breakpoint
CREATE TABLE "meddra_soc" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbrev" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meddra_soc_hlgt" (
	"soc_code" integer NOT NULL,
	"hlgt_code" integer NOT NULL,
	CONSTRAINT "meddra_soc_hlgt_soc_code_hlgt_code_pk" PRIMARY KEY("soc_code","hlgt_code")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"value" text NOT NULL,
	"type_value" text NOT NULL,
	"group_setting" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "active_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "active_ingredients_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "families" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "families_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_countries" (
	"product_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "product_countries_product_id_country_id_pk" PRIMARY KEY("product_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "product_ingredients" (
	"product_id" integer NOT NULL,
	"active_ingredient_id" integer NOT NULL,
	"concentration" numeric,
	"unit_id" integer,
	CONSTRAINT "product_ingredients_product_id_active_ingredient_id_pk" PRIMARY KEY("product_id","active_ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"commercial_name" text NOT NULL,
	"family_id" integer NOT NULL,
	"laboratory_id" integer NOT NULL,
	"line_id" integer,
	"pharmaceutical_form_id" integer,
	"eliminado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "administration_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"descripcion" text NOT NULL,
	CONSTRAINT "administration_routes_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "communication_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "communication_channels_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"title" text NOT NULL,
	CONSTRAINT "groups_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "height_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre_completo" text NOT NULL,
	"abreviacion" text NOT NULL,
	CONSTRAINT "height_units_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "home_report_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medication_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "medication_actions_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "medication_frequencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "medication_frequencies_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "medication_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "medication_units_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "medication_use_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "medication_use_units_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "note_file_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "note_file_types_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "origin_countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "origin_countries_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "pharmaceutical_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "pharmaceutical_forms_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "previous_medication_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "previous_medication_types_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "ram_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"type" text NOT NULL,
	CONSTRAINT "ram_categories_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "ram_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"type" text NOT NULL,
	"descripcion" text,
	CONSTRAINT "ram_types_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "relationships_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "report_origins" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "report_origins_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "report_receivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "report_receivers_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "report_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "report_types_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "residences" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	CONSTRAINT "residences_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "specialities" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"description" text NOT NULL,
	CONSTRAINT "specialities_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"estado" text NOT NULL,
	CONSTRAINT "statuses_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "sub_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre" text NOT NULL,
	"grupo_id" integer NOT NULL,
	CONSTRAINT "sub_groups_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "weight_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"eliminado" boolean DEFAULT false NOT NULL,
	"import_codigo" text,
	"nombre_completo" text NOT NULL,
	"abreviacion" text NOT NULL,
	CONSTRAINT "weight_units_value_unique" UNIQUE("value")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laboratories" ADD CONSTRAINT "laboratories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laboratories" ADD CONSTRAINT "laboratories_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imputability_answers" ADD CONSTRAINT "imputability_answers_evaluation_id_imputability_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."imputability_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imputability_evaluations" ADD CONSTRAINT "imputability_evaluations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medication_ingredients" ADD CONSTRAINT "event_medication_ingredients_event_medication_id_event_medications_id_fk" FOREIGN KEY ("event_medication_id") REFERENCES "public"."event_medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medication_ingredients" ADD CONSTRAINT "event_medication_ingredients_active_ingredient_id_active_ingredients_id_fk" FOREIGN KEY ("active_ingredient_id") REFERENCES "public"."active_ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medication_ingredients" ADD CONSTRAINT "event_medication_ingredients_unit_id_medication_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."medication_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_line_id2_lines_id_fk" FOREIGN KEY ("line_id2") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_pharmaceutical_form_id_pharmaceutical_forms_id_fk" FOREIGN KEY ("pharmaceutical_form_id") REFERENCES "public"."pharmaceutical_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_route_id_administration_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."administration_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_frequency_type_id_medication_frequencies_id_fk" FOREIGN KEY ("frequency_type_id") REFERENCES "public"."medication_frequencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_medications" ADD CONSTRAINT "event_medications_use_unit_id_medication_use_units_id_fk" FOREIGN KEY ("use_unit_id") REFERENCES "public"."medication_use_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recoveries" ADD CONSTRAINT "product_recoveries_event_medication_id_event_medications_id_fk" FOREIGN KEY ("event_medication_id") REFERENCES "public"."event_medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recoveries" ADD CONSTRAINT "product_recoveries_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ram_categories" ADD CONSTRAINT "event_ram_categories_ram_id_event_rams_id_fk" FOREIGN KEY ("ram_id") REFERENCES "public"."event_rams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ram_categories" ADD CONSTRAINT "event_ram_categories_ram_category_id_ram_categories_id_fk" FOREIGN KEY ("ram_category_id") REFERENCES "public"."ram_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rams" ADD CONSTRAINT "event_rams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rams" ADD CONSTRAINT "event_rams_medication_action_id_medication_actions_id_fk" FOREIGN KEY ("medication_action_id") REFERENCES "public"."medication_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rams" ADD CONSTRAINT "event_rams_ram_type_id_ram_types_id_fk" FOREIGN KEY ("ram_type_id") REFERENCES "public"."ram_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rams" ADD CONSTRAINT "event_rams_unit_id_medication_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."medication_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rams" ADD CONSTRAINT "event_rams_use_unit_id_medication_use_units_id_fk" FOREIGN KEY ("use_unit_id") REFERENCES "public"."medication_use_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ram_notifications" ADD CONSTRAINT "ram_notifications_ram_id_event_rams_id_fk" FOREIGN KEY ("ram_id") REFERENCES "public"."event_rams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ram_notifications" ADD CONSTRAINT "ram_notifications_channel_id_communication_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."communication_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ram_notifications" ADD CONSTRAINT "ram_notifications_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_comments" ADD CONSTRAINT "event_comments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_comments" ADD CONSTRAINT "event_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_type_id_note_file_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."note_file_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_origins" ADD CONSTRAINT "event_origins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_origins" ADD CONSTRAINT "event_origins_origin_id_report_origins_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."report_origins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_origins" ADD CONSTRAINT "event_origins_receiver_id_report_receivers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."report_receivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_origins" ADD CONSTRAINT "event_origins_type_id_report_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."report_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_origins" ADD CONSTRAINT "event_origins_origin_country_id_origin_countries_id_fk" FOREIGN KEY ("origin_country_id") REFERENCES "public"."origin_countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_origins" ADD CONSTRAINT "event_origins_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_patients" ADD CONSTRAINT "event_patients_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_patients" ADD CONSTRAINT "event_patients_height_unit_id_height_units_id_fk" FOREIGN KEY ("height_unit_id") REFERENCES "public"."height_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_patients" ADD CONSTRAINT "event_patients_weight_unit_id_weight_units_id_fk" FOREIGN KEY ("weight_unit_id") REFERENCES "public"."weight_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_patients" ADD CONSTRAINT "event_patients_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_patients" ADD CONSTRAINT "event_patients_residence_id_residences_id_fk" FOREIGN KEY ("residence_id") REFERENCES "public"."residences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_patients" ADD CONSTRAINT "event_patients_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_reports" ADD CONSTRAINT "follow_up_reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_reports" ADD CONSTRAINT "follow_up_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_reports" ADD CONSTRAINT "follow_up_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_contacts" ADD CONSTRAINT "medical_contacts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_contacts" ADD CONSTRAINT "medical_contacts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_medications" ADD CONSTRAINT "previous_medications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_medications" ADD CONSTRAINT "previous_medications_type_id_previous_medication_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."previous_medication_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_status_statuses_id_fk" FOREIGN KEY ("status") REFERENCES "public"."statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_sub_group_id_sub_groups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."sub_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_home_report_id_home_reports_id_fk" FOREIGN KEY ("home_report_id") REFERENCES "public"."home_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_parent_event_id_events_id_fk" FOREIGN KEY ("parent_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_history" ADD CONSTRAINT "operation_history_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_history" ADD CONSTRAINT "operation_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_history_lines" ADD CONSTRAINT "operation_history_lines_entry_id_operation_history_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."operation_history"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_history" ADD CONSTRAINT "pdf_history_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_history" ADD CONSTRAINT "pdf_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_history" ADD CONSTRAINT "pdf_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_report_status_history" ADD CONSTRAINT "home_report_status_history_home_report_id_home_reports_id_fk" FOREIGN KEY ("home_report_id") REFERENCES "public"."home_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_report_status_history" ADD CONSTRAINT "home_report_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_reports" ADD CONSTRAINT "home_reports_status_home_report_statuses_id_fk" FOREIGN KEY ("status") REFERENCES "public"."home_report_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_reports" ADD CONSTRAINT "home_reports_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_reports" ADD CONSTRAINT "home_reports_sub_group_id_sub_groups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."sub_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_reports" ADD CONSTRAINT "home_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_reports" ADD CONSTRAINT "home_reports_entered_event_id_events_id_fk" FOREIGN KEY ("entered_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_reports" ADD CONSTRAINT "home_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menu_items" ADD CONSTRAINT "role_menu_items_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menu_items" ADD CONSTRAINT "role_menu_items_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_laboratories" ADD CONSTRAINT "user_laboratories_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_tables" ADD CONSTRAINT "import_tables_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_metric_alerts" ADD CONSTRAINT "event_metric_alerts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_metric_alerts" ADD CONSTRAINT "event_metric_alerts_metric_id_metrics_metrica_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("metrica_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics" ADD CONSTRAINT "metrics_tiempo_id_time_options_id_fk" FOREIGN KEY ("tiempo_id") REFERENCES "public"."time_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_hlgt_hlt" ADD CONSTRAINT "meddra_hlgt_hlt_hlgt_code_meddra_hlgt_code_fk" FOREIGN KEY ("hlgt_code") REFERENCES "public"."meddra_hlgt"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_hlgt_hlt" ADD CONSTRAINT "meddra_hlgt_hlt_hlt_code_meddra_hlt_code_fk" FOREIGN KEY ("hlt_code") REFERENCES "public"."meddra_hlt"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_hlt_pt" ADD CONSTRAINT "meddra_hlt_pt_hlt_code_meddra_hlt_code_fk" FOREIGN KEY ("hlt_code") REFERENCES "public"."meddra_hlt"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_hlt_pt" ADD CONSTRAINT "meddra_hlt_pt_pt_code_meddra_pt_code_fk" FOREIGN KEY ("pt_code") REFERENCES "public"."meddra_pt"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_llt" ADD CONSTRAINT "meddra_llt_pt_code_meddra_pt_code_fk" FOREIGN KEY ("pt_code") REFERENCES "public"."meddra_pt"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_pt" ADD CONSTRAINT "meddra_pt_primary_soc_code_meddra_soc_code_fk" FOREIGN KEY ("primary_soc_code") REFERENCES "public"."meddra_soc"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_soc_hlgt" ADD CONSTRAINT "meddra_soc_hlgt_soc_code_meddra_soc_code_fk" FOREIGN KEY ("soc_code") REFERENCES "public"."meddra_soc"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meddra_soc_hlgt" ADD CONSTRAINT "meddra_soc_hlgt_hlgt_code_meddra_hlgt_code_fk" FOREIGN KEY ("hlgt_code") REFERENCES "public"."meddra_hlgt"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_countries" ADD CONSTRAINT "product_countries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_countries" ADD CONSTRAINT "product_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_active_ingredient_id_active_ingredients_id_fk" FOREIGN KEY ("active_ingredient_id") REFERENCES "public"."active_ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_unit_id_medication_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."medication_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pharmaceutical_form_id_pharmaceutical_forms_id_fk" FOREIGN KEY ("pharmaceutical_form_id") REFERENCES "public"."pharmaceutical_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_groups" ADD CONSTRAINT "sub_groups_grupo_id_groups_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_instance_date_idx" ON "audit_log" USING btree ("instance","date_utc" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_reference_number_idx" ON "audit_log" USING btree ("reference_number","date_utc" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_instance_table_date_idx" ON "audit_log" USING btree ("instance","table_name","date_utc" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_country_id_index" ON "companies" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "laboratories_company_id_index" ON "laboratories" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "laboratories_country_id_index" ON "laboratories" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "lines_laboratory_id_index" ON "lines" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "event_medication_ingredients_event_medication_id_index" ON "event_medication_ingredients" USING btree ("event_medication_id");--> statement-breakpoint
CREATE INDEX "event_medication_ingredients_active_ingredient_id_index" ON "event_medication_ingredients" USING btree ("active_ingredient_id");--> statement-breakpoint
CREATE INDEX "event_medications_event_id_index" ON "event_medications" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_medications_product_event_idx" ON "event_medications" USING btree ("product_id","event_id");--> statement-breakpoint
CREATE INDEX "event_medications_laboratory_event_idx" ON "event_medications" USING btree ("laboratory_id","event_id");--> statement-breakpoint
CREATE INDEX "event_rams_event_id_index" ON "event_rams" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_rams_type_event_idx" ON "event_rams" USING btree ("ram_type_id","event_id");--> statement-breakpoint
CREATE INDEX "event_rams_llt_code_index" ON "event_rams" USING btree ("llt_code");--> statement-breakpoint
CREATE INDEX "event_comments_event_id_created_at_index" ON "event_comments" USING btree ("event_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_documents_event_id_created_at_index" ON "event_documents" USING btree ("event_id","created_at" DESC NULLS LAST) WHERE "event_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "previous_medications_event_id_index" ON "previous_medications" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_status_created_at_idx" ON "events" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_country_status_created_at_idx" ON "events" USING btree ("country_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_country_created_at_idx" ON "events" USING btree ("country_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_sub_group_idx" ON "events" USING btree ("sub_group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_updated_at_idx" ON "events" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_created_by_status_idx" ON "events" USING btree ("created_by","status");--> statement-breakpoint
CREATE INDEX "events_parent_idx" ON "events" USING btree ("parent_event_id") WHERE "events"."parent_event_id" is not null;--> statement-breakpoint
CREATE INDEX "events_home_report_idx" ON "events" USING btree ("home_report_id") WHERE "events"."home_report_id" is not null;--> statement-breakpoint
CREATE INDEX "files_sha256_index" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "operation_history_event_created_at_idx" ON "operation_history" USING btree ("event_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operation_history_lines_entry_id_index" ON "operation_history_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "pdf_history_event_created_at_idx" ON "pdf_history" USING btree ("event_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_report_status_history_home_report_id_created_at_index" ON "home_report_status_history" USING btree ("home_report_id","created_at");--> statement-breakpoint
CREATE INDEX "home_reports_status_created_at_idx" ON "home_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_reports_country_status_created_at_idx" ON "home_reports" USING btree ("country_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_reports_inbox_idx" ON "home_reports" USING btree ("is_medic","status","created_at" DESC NULLS LAST) WHERE "home_reports"."entered_event_id" is null;--> statement-breakpoint
CREATE INDEX "captcha_solutions_expires_at_index" ON "captcha_solutions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_created_at_index" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_created_at_index" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_index" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_index" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_id_index" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_laboratories_laboratory_id_index" ON "user_laboratories" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "users_role_id_index" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_country_id_index" ON "users" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "imports_kind_date_start_idx" ON "imports" USING btree ("kind","date_start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_metric_alerts_pending_due_idx" ON "event_metric_alerts" USING btree ("due_at") WHERE "event_metric_alerts"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "event_metric_alerts_failed_idx" ON "event_metric_alerts" USING btree ("event_id") WHERE "event_metric_alerts"."state" in ('late', 'overdue');--> statement-breakpoint
CREATE INDEX "event_metric_alerts_metric_id_index" ON "event_metric_alerts" USING btree ("metric_id");--> statement-breakpoint
CREATE INDEX "meddra_hlgt_hlt_hlt_code_index" ON "meddra_hlgt_hlt" USING btree ("hlt_code");--> statement-breakpoint
CREATE INDEX "meddra_hlt_pt_pt_code_index" ON "meddra_hlt_pt" USING btree ("pt_code");--> statement-breakpoint
CREATE INDEX "meddra_llt_pt_code_index" ON "meddra_llt" USING btree ("pt_code");--> statement-breakpoint
CREATE INDEX "meddra_pt_primary_soc_code_index" ON "meddra_pt" USING btree ("primary_soc_code");--> statement-breakpoint
CREATE INDEX "meddra_soc_hlgt_hlgt_code_index" ON "meddra_soc_hlgt" USING btree ("hlgt_code");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("send_after") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "active_ingredients_name_idx" ON "active_ingredients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_countries_country_id_index" ON "product_countries" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "product_ingredients_active_ingredient_id_index" ON "product_ingredients" USING btree ("active_ingredient_id");--> statement-breakpoint
CREATE INDEX "products_laboratory_id_index" ON "products" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "products_family_id_index" ON "products" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "products_commercial_name_idx" ON "products" USING btree (lower("commercial_name"));