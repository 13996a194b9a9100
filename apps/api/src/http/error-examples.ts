import examples from './error-examples.json' with { type: 'json' };

/**
 * An example message per error code: the document shows it, and `auditDocument` fails for a code that
 * has none here. The examples are data (error-examples.json): add the code there with the message the
 * API really gives, and the field it names when it names one.
 */
export const ERROR_EXAMPLES: Readonly<Record<string, { message: string; field?: string }>> = examples;
