-- The reference rows a report of the public form points to, read by the intake in one call
-- (resolveReferences, apps/server/src/modules/home-reports/references.ts), which decides from
-- them, in the order of the form's fields, which message a wrong report gets. Returns (kind, id,
-- name):
--   'country'   the enabled countries among p_country_ids / p_country_codes (the report's and
--               the patient's; codes upper-case), name = code;
--   'subGroup'  the enabled sub-group, of an enabled group, whose id is p_sub_group_id or whose
--               code (value) is p_sub_group_code, name = nombre;
--   'product'   the enabled products among p_product_ids sold in the report's country (id
--               p_report_country_id or code p_report_country_code), when that country is
--               enabled, name = commercial name;
--   one kind per choice list (REPORT_CHOICE_LISTS: 'Via', 'FrecuenciaTipo', 'UnidadUso',
--               'AccionMeddicamento', 'Parentesco', 'Tipo'), the enabled rows among its ids.
-- The conditions of the catalogue's enabledCountries and enabledSubGroup; a product or a list
-- row counts when it is not eliminado. A function so that its plan is generic and kept for the
-- connection (plan_cache_mode below): as a prepared statement of nine selects PostgreSQL
-- re-planned it at every call (custom plans, ~0.5 ms each), more than running it costs.
-- Recreated at every start. docs/adr/0010-intake-numbering.md, decision 9.

CREATE OR REPLACE FUNCTION atalaya_intake_references(
  p_country_ids integer[], p_country_codes text[], p_sub_group_id integer, p_sub_group_code text,
  p_report_country_id integer, p_report_country_code text, p_product_ids integer[],
  p_via integer[], p_frecuencia integer[], p_unidad integer[], p_accion integer[], p_parentesco integer[], p_tipo integer[])
RETURNS TABLE (kind text, id integer, name text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  SELECT 'country'::text, c.id, c.code FROM countries c
    WHERE NOT c.eliminado AND (c.id = ANY (p_country_ids) OR c.code = ANY (p_country_codes))
  UNION ALL
  SELECT 'subGroup', s.id, s.nombre FROM sub_groups s JOIN groups g ON g.id = s.grupo_id
    WHERE NOT s.eliminado AND NOT g.eliminado AND (s.id = p_sub_group_id OR s.value = p_sub_group_code)
  UNION ALL
  SELECT 'product', p.id, p.commercial_name FROM products p JOIN product_countries pc ON pc.product_id = p.id
    WHERE NOT p.eliminado AND p.id = ANY (p_product_ids)
      AND pc.country_id IN (SELECT rc.id FROM countries rc WHERE NOT rc.eliminado AND (rc.id = p_report_country_id OR rc.code = p_report_country_code))
  UNION ALL
  SELECT 'Via', r.id, NULL FROM administration_routes r WHERE NOT r.eliminado AND r.id = ANY (p_via)
  UNION ALL
  SELECT 'FrecuenciaTipo', f.id, NULL FROM medication_frequencies f WHERE NOT f.eliminado AND f.id = ANY (p_frecuencia)
  UNION ALL
  SELECT 'UnidadUso', u.id, NULL FROM medication_use_units u WHERE NOT u.eliminado AND u.id = ANY (p_unidad)
  UNION ALL
  SELECT 'AccionMeddicamento', a.id, NULL FROM medication_actions a WHERE NOT a.eliminado AND a.id = ANY (p_accion)
  UNION ALL
  SELECT 'Parentesco', rl.id, NULL FROM relationships rl WHERE NOT rl.eliminado AND rl.id = ANY (p_parentesco)
  UNION ALL
  SELECT 'Tipo', t.id, NULL FROM previous_medication_types t WHERE NOT t.eliminado AND t.id = ANY (p_tipo);
END;
$$;
