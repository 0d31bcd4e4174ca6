/**
 * Once copied the event catalogue into `event_descriptors`. The catalogue is reference data
 * that changes with the code, so it is now written at every start (`seedEventDescriptors`);
 * this step stays because databases have recorded it, and it changes nothing.
 */
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}
