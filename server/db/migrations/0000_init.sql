CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"account_id" integer,
	"name" text NOT NULL,
	"key" text,
	"status" text NOT NULL,
	"cta" text NOT NULL,
	"index" text,
	"action" text,
	"ref_id" text,
	"object_id" integer,
	"service" text,
	"category" text,
	"due_date" date,
	"klass" text,
	"viewed" boolean DEFAULT false NOT NULL,
	"show_multiple_destination_phones" boolean DEFAULT false NOT NULL,
	"team_members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"activity_id" integer,
	"purpose" text NOT NULL,
	"filename" text NOT NULL,
	"byte_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"checksum" text,
	"signed_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "brand_asset_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"use_stock" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_details" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"activity_id" integer,
	"special_offers" text,
	"guarantees" text,
	"accolades" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_details" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"activity_id" integer,
	"company_quote" text,
	"first_name" text,
	"last_name" text,
	"title" text,
	"business_address" text,
	"founder" text,
	"established_year" integer,
	"owned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_owned" text,
	"operations_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emp_distinctions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_step" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"activity_id" integer,
	"license_required" boolean,
	"general_expiration_date" date,
	"workers_compensation" boolean DEFAULT false NOT NULL,
	"workers_comp_expiration_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"activity_id" integer,
	"ref_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"expiration_date" date NOT NULL,
	"view_name" text,
	"file_id" integer,
	"renews_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paid_media_details" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"destination_phone" text,
	"sms_phone" text,
	"service_area" text,
	"email_notification" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"activity_id" integer,
	"month" text NOT NULL,
	"data" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_area_zipcodes" (
	"service_area_id" integer NOT NULL,
	"zipcode" text NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_area_zipcodes_service_area_id_zipcode_pk" PRIMARY KEY("service_area_id","zipcode")
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"title" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_areas_organization_id_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
CREATE TABLE "service_details" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"activity_id" integer,
	"product" text,
	"job_requirement" text,
	"estimate_fee" text,
	"estimate_fee_detail" text,
	"services_offered" text,
	"services_not_offered" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ref_id" text NOT NULL,
	"name" text NOT NULL,
	"product_key" text NOT NULL,
	"product_name" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"outstanding_amount_cents" integer NOT NULL,
	"payment_method_id" integer,
	"ps_account_id" text,
	"ps_customer_id" text,
	"period_start" date,
	"period_end" date,
	"due_date" date NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_accounts" (
	"payment_method_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_accounts_payment_method_id_account_id_pk" PRIMARY KEY("payment_method_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref_id" text NOT NULL,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"last_four" text,
	"name" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"exp_month" integer,
	"exp_year" integer,
	"bank_name" text,
	"routing_number" text,
	"account_number" text,
	"ach_type" text,
	"authorized" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"ps_account_id" text,
	"ps_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"payment_method_id" integer,
	"user_id" integer,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"ps_payment_id" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_counties" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"paused_until" timestamp with time zone,
	"call_price_cents" integer NOT NULL,
	"form_price_cents" integer NOT NULL,
	"is_target" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"ref_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"spend_limit_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_schedules" (
	"campaign_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"day" text NOT NULL,
	"is_opened" boolean DEFAULT true NOT NULL,
	"is_24_hours" boolean DEFAULT false NOT NULL,
	"from" text,
	"to" text,
	CONSTRAINT "campaign_schedules_campaign_id_weekday_pk" PRIMARY KEY("campaign_id","weekday")
);
--> statement-breakpoint
CREATE TABLE "campaign_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"county_id" integer,
	"status" text NOT NULL,
	"pause_duration" integer,
	"paused_until" timestamp with time zone,
	"source" text DEFAULT 'user' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_zipcodes" (
	"county_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"zipcode" text NOT NULL,
	"targeted" boolean DEFAULT true NOT NULL,
	CONSTRAINT "campaign_zipcodes_county_id_zipcode_pk" PRIMARY KEY("county_id","zipcode")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ref_id" text NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"product_name" text NOT NULL,
	"media_type" text NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"pending_status" text,
	"paused_until" timestamp with time zone,
	"spend_limit_cents" integer,
	"enable_call_schedule" boolean DEFAULT false NOT NULL,
	"trigger_status" boolean DEFAULT true NOT NULL,
	"trigger_location_status" boolean DEFAULT false NOT NULL,
	"show_locations_tab" boolean DEFAULT false NOT NULL,
	"show_schedule" boolean DEFAULT false NOT NULL,
	"search_location" boolean DEFAULT false NOT NULL,
	"disable" boolean DEFAULT false NOT NULL,
	"start_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"avatar" text,
	"phone_number" text
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"placement" text DEFAULT 'analytics' NOT NULL,
	"text" text NOT NULL,
	"call_to_action_link" text,
	"call_to_action_label" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_products" (
	"organization_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"local_listing" boolean DEFAULT false NOT NULL,
	"grade" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_products_organization_id_product_key_pk" PRIMARY KEY("organization_id","product_key")
);
--> statement-breakpoint
CREATE TABLE "organization_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"account_manager_id" integer,
	"seo_active" boolean DEFAULT false NOT NULL,
	"can_add_account" boolean DEFAULT false NOT NULL,
	"can_create_campaign" boolean DEFAULT false NOT NULL,
	"can_create_payment_method" boolean DEFAULT true NOT NULL,
	"unlock_weekend_hours" boolean DEFAULT false NOT NULL,
	"agency_api_key" text,
	"support_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"product_key" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"hours_per_month" integer,
	"monthly_price_cents" integer,
	CONSTRAINT "packages_product_key_key_pk" PRIMARY KEY("product_key","key")
);
--> statement-breakpoint
CREATE TABLE "price_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"min_price_cents" integer NOT NULL,
	"max_price_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "upsells" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"grade" text,
	"tag" text,
	"cta_value" text,
	"cta_prompt" text,
	"show_button" boolean DEFAULT true NOT NULL,
	"url" text,
	"download_url" text,
	"package" text,
	"action" text NOT NULL,
	"index" text,
	"element_id" text,
	"submit_button" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_facts_daily" (
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"provider" text NOT NULL,
	"device" text NOT NULL,
	"impressions" integer NOT NULL,
	"clicks" integer NOT NULL,
	"cost_cents" integer NOT NULL,
	"conversions" integer NOT NULL,
	"leads" integer NOT NULL,
	"calls" integer NOT NULL,
	"forms" integer NOT NULL,
	CONSTRAINT "ad_facts_daily_account_id_date_campaign_id_provider_device_pk" PRIMARY KEY("account_id","date","campaign_id","provider","device")
);
--> statement-breakpoint
CREATE TABLE "programmatic_facts_daily" (
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"provider" text NOT NULL,
	"impressions" integer NOT NULL,
	"clicks" integer NOT NULL,
	"spend_cents" integer NOT NULL,
	"conversions" integer NOT NULL,
	CONSTRAINT "programmatic_facts_daily_account_id_date_campaign_id_provider_pk" PRIMARY KEY("account_id","date","campaign_id","provider")
);
--> statement-breakpoint
CREATE TABLE "revconnect_facts_daily" (
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"leads" integer NOT NULL,
	"qualified_leads" integer NOT NULL,
	"appointments" integer NOT NULL,
	"sales" integer NOT NULL,
	"revenue_cents" integer NOT NULL,
	"cost_of_marketing_cents" integer NOT NULL,
	CONSTRAINT "revconnect_facts_daily_account_id_date_pk" PRIMARY KEY("account_id","date")
);
--> statement-breakpoint
CREATE TABLE "social_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"provider" text NOT NULL,
	"ad_name" text NOT NULL,
	"ad_thumbnail" text,
	"ad_text" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_facts_daily" (
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"ad_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"provider" text NOT NULL,
	"impressions" integer NOT NULL,
	"reach" integer NOT NULL,
	"link_clicks" integer NOT NULL,
	"spend_cents" integer NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "social_facts_daily_account_id_date_ad_id_pk" PRIMARY KEY("account_id","date","ad_id")
);
--> statement-breakpoint
CREATE TABLE "geo_counties" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_zipcodes" (
	"zipcode" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"county_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "become_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"call_transfer_phone_number" text,
	"email_notification" text,
	"sms_notification" text
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"message" text NOT NULL,
	"status" integer,
	"url" text,
	"method" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"website" text,
	"phone_number" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_franchise" boolean DEFAULT false NOT NULL,
	"show_revconnect" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"logo_url" text,
	"ms_id" text,
	"salesforce_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"job_title" text,
	"phone_number" text,
	"is_socius" boolean DEFAULT false NOT NULL,
	"show_ad" boolean DEFAULT false NOT NULL,
	"ad_type" text,
	"signup_completed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref_id" text NOT NULL,
	"platform" text NOT NULL,
	"brand" text,
	"name" text NOT NULL,
	"username" text,
	"status" text DEFAULT 'active' NOT NULL,
	"is_immutable" boolean DEFAULT false NOT NULL,
	"city" text,
	"state" text,
	"zipcode" text,
	"has_settings" boolean DEFAULT true NOT NULL,
	"show_multiple_destination_phones" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"action" text NOT NULL,
	"index" text,
	"target_id" integer,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"subtabs" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_details" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"summary" text,
	"recording_url" text,
	"call_duration" integer,
	"dispute_status" text,
	"caller_id" text,
	"tracking_number" text,
	"landing_page" text,
	"keyword" text,
	"questions" jsonb,
	"conversations" jsonb,
	"transcriptions" jsonb,
	"demographic" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"user_id" integer,
	"review_type" text NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"campaign_id" integer,
	"ref_id" text NOT NULL,
	"lead_type" text NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"email" text,
	"address" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"service" text NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_plan_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"task" text NOT NULL,
	"status" text NOT NULL,
	"bucket" text NOT NULL,
	"notes" text,
	"url" text,
	"description" text,
	"goal" text,
	"activity_id" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"quarter" text NOT NULL,
	"label" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"package" text
);
--> statement-breakpoint
CREATE TABLE "seo_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"organic_sessions" integer NOT NULL,
	"organic_leads" integer NOT NULL,
	"keywords_top3" integer NOT NULL,
	"keywords_top10" integer NOT NULL,
	"backlinks" integer NOT NULL,
	"gbp_views" integer NOT NULL,
	"gbp_calls" integer NOT NULL,
	"report_url" text
);
--> statement-breakpoint
CREATE TABLE "grade_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"grade" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interest_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"organization_id" integer,
	"kind" text DEFAULT 'mql' NOT NULL,
	"product" text,
	"package" text,
	"click_source" text,
	"product_status" text,
	"portal_intent" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ms_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"job_title" text,
	"business_name" text NOT NULL,
	"org_name" text NOT NULL,
	"address" text,
	"website" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"platform" text DEFAULT 'live' NOT NULL,
	"lead_credit_cents" integer DEFAULT 250000 NOT NULL,
	"claimed_by_user_id" integer,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"salesforce_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"address" text,
	"business_name" text,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"converted_user_id" integer,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" text,
	"row_count" integer,
	"notification_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recent_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb,
	"query" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"columns" jsonb,
	"widths" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_asset_settings" ADD CONSTRAINT "brand_asset_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_details" ADD CONSTRAINT "company_details_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_details" ADD CONSTRAINT "company_details_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_media_details" ADD CONSTRAINT "paid_media_details_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_content_items" ADD CONSTRAINT "seo_content_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_content_items" ADD CONSTRAINT "seo_content_items_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_area_zipcodes" ADD CONSTRAINT "service_area_zipcodes_service_area_id_service_areas_id_fk" FOREIGN KEY ("service_area_id") REFERENCES "public"."service_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_details" ADD CONSTRAINT "service_details_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_details" ADD CONSTRAINT "service_details_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_accounts" ADD CONSTRAINT "payment_method_accounts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_accounts" ADD CONSTRAINT "payment_method_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_counties" ADD CONSTRAINT "campaign_counties_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_providers" ADD CONSTRAINT "campaign_providers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_status_history" ADD CONSTRAINT "campaign_status_history_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_status_history" ADD CONSTRAINT "campaign_status_history_county_id_campaign_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."campaign_counties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_status_history" ADD CONSTRAINT "campaign_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_zipcodes" ADD CONSTRAINT "campaign_zipcodes_county_id_campaign_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."campaign_counties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_zipcodes" ADD CONSTRAINT "campaign_zipcodes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_products" ADD CONSTRAINT "organization_products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_products" ADD CONSTRAINT "organization_products_product_key_products_key_fk" FOREIGN KEY ("product_key") REFERENCES "public"."products"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_account_manager_id_account_managers_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."account_managers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_product_key_products_key_fk" FOREIGN KEY ("product_key") REFERENCES "public"."products"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upsells" ADD CONSTRAINT "upsells_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_ads" ADD CONSTRAINT "social_ads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_ads" ADD CONSTRAINT "social_ads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_zipcodes" ADD CONSTRAINT "geo_zipcodes_county_id_geo_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."geo_counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_codes" ADD CONSTRAINT "password_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_tokens" ADD CONSTRAINT "registration_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_staff_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabs" ADD CONSTRAINT "tabs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_details" ADD CONSTRAINT "lead_details_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reviews" ADD CONSTRAINT "lead_reviews_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reviews" ADD CONSTRAINT "lead_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_plan_tasks" ADD CONSTRAINT "seo_plan_tasks_plan_id_seo_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."seo_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_plan_tasks" ADD CONSTRAINT "seo_plan_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_plan_tasks" ADD CONSTRAINT "seo_plan_tasks_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_plans" ADD CONSTRAINT "seo_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_reports" ADD CONSTRAINT "seo_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_requests" ADD CONSTRAINT "grade_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_requests" ADD CONSTRAINT "interest_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_requests" ADD CONSTRAINT "interest_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_accounts" ADD CONSTRAINT "legacy_accounts_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_leads" ADD CONSTRAINT "signup_leads_converted_user_id_users_id_fk" FOREIGN KEY ("converted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_filters" ADD CONSTRAINT "recent_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_configs" ADD CONSTRAINT "table_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_org_status_idx" ON "activities" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "activities_org_due_idx" ON "activities" USING btree ("organization_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "files_signed_unique" ON "files" USING btree ("signed_id");--> statement-breakpoint
CREATE INDEX "files_org_purpose_idx" ON "files" USING btree ("organization_id","purpose");--> statement-breakpoint
CREATE INDEX "licenses_org_idx" ON "licenses" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "seo_content_items_org_idx" ON "seo_content_items" USING btree ("organization_id","month");--> statement-breakpoint
CREATE INDEX "account_credits_org_idx" ON "account_credits" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ref_unique" ON "invoices" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "invoices_account_created_idx" ON "invoices" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payment_method_accounts_account_idx" ON "payment_method_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_ref_unique" ON "payment_methods" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "payment_methods_org_idx" ON "payment_methods" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "campaign_counties_campaign_idx" ON "campaign_counties" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_providers_unique" ON "campaign_providers" USING btree ("campaign_id","provider");--> statement-breakpoint
CREATE INDEX "campaign_status_history_campaign_idx" ON "campaign_status_history" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_zipcodes_campaign_idx" ON "campaign_zipcodes" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_ref_unique" ON "campaigns" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "campaigns_account_idx" ON "campaigns" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "campaigns_account_service_idx" ON "campaigns" USING btree ("account_id","service");--> statement-breakpoint
CREATE INDEX "ad_facts_campaign_idx" ON "ad_facts_daily" USING btree ("campaign_id","date");--> statement-breakpoint
CREATE INDEX "social_ads_account_idx" ON "social_ads" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "geo_counties_name_state_unique" ON "geo_counties" USING btree ("state","name");--> statement-breakpoint
CREATE INDEX "geo_zipcodes_county_idx" ON "geo_zipcodes" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "geo_zipcodes_city_idx" ON "geo_zipcodes" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_ip_idx" ON "auth_attempts" USING btree ("kind","ip","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_account_idx" ON "auth_attempts" USING btree ("kind","account","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_tokens_hash_unique" ON "registration_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_unique" ON "staff" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "accounts_org_idx" ON "accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "live_messages_user_idx" ON "live_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tabs_user_idx" ON "tabs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_reviews_lead_unique" ON "lead_reviews" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_ref_unique" ON "leads" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "leads_account_created_idx" ON "leads" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_account_service_idx" ON "leads" USING btree ("account_id","service");--> statement-breakpoint
CREATE INDEX "leads_account_type_created_idx" ON "leads" USING btree ("account_id","lead_type","created_at");--> statement-breakpoint
CREATE INDEX "leads_campaign_idx" ON "leads" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "seo_plan_tasks_plan_idx" ON "seo_plan_tasks" USING btree ("plan_id","month","position");--> statement-breakpoint
CREATE INDEX "seo_plan_tasks_org_idx" ON "seo_plan_tasks" USING btree ("organization_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_plans_org_quarter_unique" ON "seo_plans" USING btree ("organization_id","quarter");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_reports_org_month_unique" ON "seo_reports" USING btree ("organization_id","month");--> statement-breakpoint
CREATE INDEX "interest_requests_user_idx" ON "interest_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_accounts_ms_unique" ON "legacy_accounts" USING btree ("ms_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signup_leads_sf_unique" ON "signup_leads" USING btree ("salesforce_id");--> statement-breakpoint
CREATE INDEX "exports_user_idx" ON "exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recent_filters_user_idx" ON "recent_filters" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_unique" ON "saved_filters" USING btree ("user_id","type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "table_configs_unique" ON "table_configs" USING btree ("user_id","type");