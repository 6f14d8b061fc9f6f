/* CICUData has no interface: it only defines ICU's data symbol (icu_data.S). */
