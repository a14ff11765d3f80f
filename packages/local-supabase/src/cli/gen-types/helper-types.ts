/*
 * The helper types `supabase gen types typescript` appends (Tables<'t'>, TablesInsert,
 * TablesUpdate, Enums<'e'>, CompositeTypes), for the one schema generated. The text must stay
 * byte for byte what the CLI prints: supabase/tests/types.test.ts compares the committed file.
 */

const OPTIONS_SCHEMA = '{ schema: keyof DatabaseWithoutInternals }'

/** TablesInsert and TablesUpdate: the `Insert` or `Update` shape of a table (not a view). */
function tablePartType(name: string, part: 'Insert' | 'Update', letter: string): string {
  const options = 'DefaultSchemaTableNameOrOptions'
  return `export type ${name}<
  ${options} extends keyof DefaultSchema['Tables'] | ${OPTIONS_SCHEMA},
  TableName extends ${options} extends ${OPTIONS_SCHEMA}
    ? keyof DatabaseWithoutInternals[${options}['schema']]['Tables']
    : never = never,
> = ${options} extends ${OPTIONS_SCHEMA}
  ? DatabaseWithoutInternals[${options}['schema']]['Tables'][TableName] extends {
      ${part}: infer ${letter}
    }
    ? ${letter}
    : never
  : ${options} extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][${options}] extends { ${part}: infer ${letter} }
      ? ${letter}
      : never
    : never
`
}

/** Enums and CompositeTypes: a member of the schema's group of that name. */
function groupMemberType(
  name: string,
  group: string,
  options: string,
  member: string,
  wrapped: boolean,
): string {
  const constraint = wrapped
    ? `
    | keyof DefaultSchema['${group}']
    | ${OPTIONS_SCHEMA},`
    : ` keyof DefaultSchema['${group}'] | ${OPTIONS_SCHEMA},`
  return `export type ${name}<
  ${options} extends${constraint}
  ${member} extends ${options} extends ${OPTIONS_SCHEMA}
    ? keyof DatabaseWithoutInternals[${options}['schema']]['${group}']
    : never = never,
> = ${options} extends ${OPTIONS_SCHEMA}
  ? DatabaseWithoutInternals[${options}['schema']]['${group}'][${member}]
  : ${options} extends keyof DefaultSchema['${group}']
    ? DefaultSchema['${group}'][${options}]
    : never
`
}

const TABLES = `export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | ${OPTIONS_SCHEMA},
  TableName extends DefaultSchemaTableNameOrOptions extends ${OPTIONS_SCHEMA}
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends ${OPTIONS_SCHEMA}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never
`

/** The helper types for `schema` (already quoted as a TypeScript string). */
export function helperTypes(schema: string): string {
  return [
    `type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[${schema}]
`,
    TABLES,
    tablePartType('TablesInsert', 'Insert', 'I'),
    tablePartType('TablesUpdate', 'Update', 'U'),
    groupMemberType('Enums', 'Enums', 'DefaultSchemaEnumNameOrOptions', 'EnumName', false),
    groupMemberType(
      'CompositeTypes',
      'CompositeTypes',
      'PublicCompositeTypeNameOrOptions',
      'CompositeTypeName',
      true,
    ),
  ].join('\n')
}
