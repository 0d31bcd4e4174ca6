/** English texts of the validation keys; the web app carries the other locales. */
export const VALIDATION_MESSAGES_EN = {
  'validation.required': 'This field is required',
  'validation.email': 'Please enter a valid e-mail address',
  'validation.password': 'Password: 8 to 24 characters, no Chinese',
  'validation.newPassword':
    'Password: 8 to 20 characters with digits and letters, at least one capital, no spaces, Chinese or special symbols',
  'validation.noSpaces': 'Do not enter spaces',
  'validation.phone': 'Please enter a valid phone number',
  'validation.smsPhone': 'Enter the number in international form, e.g. +4915112345678',
  'validation.serialNumber':
    'Serial number: 2 to 22 letters, digits, underscores or Chinese characters',
  'validation.verificationCode': 'The verification code has 6 digits',
  'validation.maxLength': 'Too long',
  'validation.specialCharacters': 'Do not enter special characters',
  'validation.date': 'Please enter a date as YYYY-MM-DD',
  'validation.startBeforeEnd': 'The start must be before the end',
  'validation.effectiveAfterStart': 'The effective time must not be before the start time',
  'validation.color': 'Please enter a colour as #RRGGBB',
  'validation.number': 'Please enter a number',
  'validation.integerRange': 'Please input an integer in the allowed range',
  'validation.capacity': 'Installed capacity: 0 to 50000',
  'validation.offset': 'Cumulative generation offset: -500000.0 to 500000.0, at most one decimal',
  'validation.price': 'Price: 0 to 9999',
  'validation.totalPrice': 'Total price: at most five decimals',
  'validation.percentage': 'Percentage: 0 to 100, at most two decimals',
  'validation.bits': 'Only 0 and 1 are allowed',
  'validation.hex': 'Only hexadecimal digits are allowed',
  'validation.digits': 'Only digits are allowed',
  'validation.unknownField': 'Unknown field',
  'validation.invalid': 'Invalid value',
  'validation.multipart': 'The multipart body is malformed or truncated',
  'validation.nulCharacter': 'Text must not contain the NUL character',
  'validation.tooManyKeys': 'Too many values: at most 128 keys in one object',
  'validation.webhookLimit': 'The limit of webhooks is reached: delete one first',
  'validation.apiKeyLimit': 'The limit of API keys is reached: revoke one first',
  'validation.keyTooLong': 'Value names have at most 64 characters',
  'validation.settingRange': 'Outside the allowed range',
  'validation.settingStep': 'Not a multiple of the allowed step',
  'validation.readOnly': 'This setting is read-only',
  'validation.gridType': 'This grid code does not fit the model',
  'validation.chartCount': 'Choose 1 to 6 different parameters',
  'validation.chartUnits': 'The parameters may have at most 2 different units',
  'validation.chartUnknown': 'Unknown parameter',
  'validation.columnAddress':
    'The key must name a register: a decimal number or 0x hex up to 65535',
  'validation.columnType': 'A float32 or string column cannot become a setting',
  'validation.columnScale': 'The scale must be a power of ten from 0.000001 to 1000000',
  'validation.columnNameTaken': 'Another column before it gives the same setting key',
  'validation.columnOverlap': 'Its registers overlap those of another column',
  'validation.protocolColumns': 'The protocol has no columns',
  'validation.modbusProtocol': 'Choose an enabled Modbus protocol',
  'validation.dictionaryCode':
    'Code: 1 to 40 letters, digits, dots, dashes or underscores, starting with a letter or digit',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES_EN;

export function validationText(key: string): string {
  return (VALIDATION_MESSAGES_EN as Record<string, string>)[key] ?? key;
}
